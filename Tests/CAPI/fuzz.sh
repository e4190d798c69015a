#!/usr/bin/env bash
# Builds the libFuzzer harness (Tests/CAPI/fuzz_capi.c) with the Swift toolchain's clang against
# the C API's library and runs RUNS inputs from the seeds (Tests/CAPI/fuzz-seeds.sh) in OUT.
# A crash, an abort of the status/message contract, a timeout (30 s) or an out-of-memory (2 GB)
# fails the run and leaves the input in OUT/artifacts; otherwise the last line is the harness's
# account (inputs per target, status codes seen).
# Usage: Tests/CAPI/fuzz.sh RUNS LIBRARY_DIR INCLUDE_DIR OUT
set -euo pipefail
runs=${1:?usage: fuzz.sh RUNS LIBRARY_DIR INCLUDE_DIR OUT}
library=$(realpath "${2:?usage: fuzz.sh RUNS LIBRARY_DIR INCLUDE_DIR OUT}")
include=${3:?usage: fuzz.sh RUNS LIBRARY_DIR INCLUDE_DIR OUT}
out=${4:?usage: fuzz.sh RUNS LIBRARY_DIR INCLUDE_DIR OUT}
root="$(cd "$(dirname "$0")/../.." && pwd)"
clang=${FUZZ_CLANG:-$(dirname "$(readlink -f "$(command -v swift)")")/clang}
mkdir -p "$out/artifacts"
"$clang" -fsanitize=fuzzer -O1 -g -std=c99 -Wall -Wextra -Werror -I "$include" "$root/Tests/CAPI/fuzz_capi.c" \
  -L "$library" -lOnDeviceMLC -Wl,-rpath,"$library" -o "$out/fuzz_capi"
"$root/Tests/CAPI/fuzz-seeds.sh" "$out/corpus" >/dev/null
started=$(date +%s)
ODML_FUZZ_MODELS="$root/Models" "$out/fuzz_capi" -runs="$runs" -seed=1 -max_len=200000 -rss_limit_mb=2048 -timeout=30 \
  -print_final_stats=1 -artifact_prefix="$out/artifacts/" "$out/corpus" 2>"$out/fuzz.log" || {
  tail -n 40 "$out/fuzz.log" >&2
  echo "fuzz-capi: FAILED after $(( $(date +%s) - started )) s; the input is in $out/artifacts" >&2
  exit 1
}
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$out/fuzz.log" | tr '\n' ' '; echo
grep '^fuzz-capi:' "$out/fuzz.log"
echo "fuzz-capi: $runs runs in $(( $(date +%s) - started )) s"
