#!/usr/bin/env bash
# Builds the lean odml that `make demo` runs — no package trait, so neither GRDB, swift-crypto nor
# SwiftProtobuf is fetched or built (docs/runtimes-and-exports.md, "Package traits") — and checks what it does
# without them: the commands that need SQLite (reconcile, replay) or the exporters (export) are
# absent; an SQLite dataset and an encrypted model file each get the typed error naming the trait;
# a small generate + evaluate runs. The test suite covers the default traits; this is the only
# check of the lean configuration. Exit status: non-zero on the first failed check.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${LEAN_SCRATCH:-.build/lean}
swift build -c release --disable-default-traits --product odml --scratch-path "$SCRATCH"
ODML="$SCRATCH/release/odml"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() { echo "check-lean-build: $*" >&2; exit 1; }

for dependency in GRDB.swift swift-crypto swift-protobuf; do
    [ ! -e "$SCRATCH/checkouts/$dependency" ] || fail "the lean build fetched $dependency"
done

"$ODML" --help > "$WORK/help.txt"
for command in reconcile replay export; do
    ! grep -qE "^  $command( |$)" "$WORK/help.txt" || fail "'$command' is listed, but this build has none of its trait"
done
grep -qE "^  validate( |$)" "$WORK/help.txt" || fail "'validate' is missing from the lean odml"

# An SQLite file: the typed error naming the trait, exit status 1.
printf 'SQLite format 3\0' > "$WORK/app.sqlite"
set +e
"$ODML" evaluate --model calendar --data "$WORK/app.sqlite" 2> "$WORK/sqlite.err"
status=$?
set -e
[ "$status" -eq 1 ] || fail "evaluate on an SQLite file exited $status, expected 1"
grep -q "package trait SQLite" "$WORK/sqlite.err" || fail "no trait named for an SQLite file: $(cat "$WORK/sqlite.err")"

# An encrypted model file (a well-formed encrypted preamble, the version of the shipped models).
python3 - "$WORK/encrypted.odml" <<'PYTHON'
import struct, sys
version = open("Models/cycle-gbt.odml", "rb").read()[8:12]
body, tag = bytes(32), bytes(16)
length = 64 + len(body) + len(tag)
preamble = (bytes([0x89, 0x4F, 0x44, 0x4D, 0x4C, 0x0D, 0x0A, 0x1A]) + version + struct.pack("<I", 1) + struct.pack("<Q", length)
            + struct.pack("<II", 1, 100_000) + bytes(16) + bytes(12) + struct.pack("<I", 1))
assert len(preamble) == 64
open(sys.argv[1], "wb").write(preamble + body + tag)
PYTHON
echo "password" > "$WORK/password"
set +e
"$ODML" inspect "$WORK/encrypted.odml" --password-file "$WORK/password" > /dev/null 2> "$WORK/encrypted.err"
status=$?
set -e
[ "$status" -ne 0 ] || fail "inspect of an encrypted file succeeded without encryption"
grep -q "package trait Encryption" "$WORK/encrypted.err" || fail "no trait named for an encrypted file: $(cat "$WORK/encrypted.err")"

# The validation path works: a small dataset, the shipped trees on it.
"$ODML" generate --cohort irregular --users 20 --months 6 --seed 5 --out "$WORK/users" 2> /dev/null
"$ODML" evaluate --model Models/cycle-gbt.odml --data "$WORK/users" --json > "$WORK/evaluation.json"
python3 -c "import json, sys; a = json.load(open(sys.argv[1]))['period_start.alert_accuracy']; assert 0 <= a <= 1, a" "$WORK/evaluation.json" \
    || fail "evaluate did not report an alert accuracy"
echo "check-lean-build: the lean odml builds without GRDB, swift-crypto and SwiftProtobuf, names the missing trait, and evaluates"
