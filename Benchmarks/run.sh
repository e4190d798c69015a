#!/usr/bin/env bash
# Runs every odml-bench suite and every Benchmarks/peers/bench_*.py, joins them on
# (benchmark, case), adds speedup = peer_median_us / ours_median_us, writes
# Benchmarks/results/latest.json (with the machine: CPU, its vector features, the BLAS kernels) and
# prints the machine line and a Markdown table.
#
# Usage: Benchmarks/run.sh [PYTHON]      (PYTHON defaults to python3; `make bench` passes .venv's)
# Environment: BENCH_THREADS (default 2), BENCH_SUITES (space-separated; default: `odml-bench --list`),
#              BENCH_REPETITIONS (default 50), ODML_BENCH (binary; default .build/release/odml-bench).
# A suite or peer that fails is reported on stderr and skipped; the others still run.
set -uo pipefail
cd "$(dirname "$0")/.."

PYTHON=${1:-python3}
THREADS=${BENCH_THREADS:-2}
REPETITIONS=${BENCH_REPETITIONS:-50}
BENCH=${ODML_BENCH:-.build/release/odml-bench}
RESULTS=Benchmarks/results
RAW=$(mktemp -d)
trap 'rm -rf "$RAW"' EXIT
mkdir -p "$RESULTS"

if [ ! -x "$BENCH" ]; then
  swift build -c release --product odml-bench || { echo "run.sh: cannot build odml-bench" >&2; exit 1; }
fi

# Counting allocator (glibc only): odml-bench reports allocations_per_call when it is preloaded.
PRELOAD=""
if cc -O2 -shared -fPIC -o "$RAW/malloc_counter.so" Benchmarks/malloc-counter/malloc_counter.c 2>/dev/null; then
  PRELOAD="$RAW/malloc_counter.so"
else
  echo "run.sh: no C compiler or not glibc: allocation counts are not reported" >&2
fi

# The CPU, its vector features and the BLAS and vector kernels in use (TensorCore's choice, as the
# suites run them), for latest.json's "machine" and the first line printed.
"$BENCH" --machine >"$RAW/machine.json" 2>/dev/null || echo '{}' >"$RAW/machine.json"

# One line of space-separated names (`--list` prints one per line; the peer loop matches " name "): echo joins them.
SUITES=$(echo ${BENCH_SUITES:-$("$BENCH" --list)})
for suite in $SUITES; do
  echo "run.sh: odml-bench $suite (threads $THREADS)" >&2
  LD_PRELOAD="$PRELOAD" "$BENCH" "$suite" --threads "$THREADS" --repetitions "$REPETITIONS" >"$RAW/ours-$suite.jsonl" \
    || echo "run.sh: suite $suite failed (exit $?); its finished cases are kept" >&2
done

# The peers run with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset (in these commands only): a
# machine may set them for the system OpenBLAS, and they would slow the wheel's OpenBLAS.
for peer in Benchmarks/peers/bench_*.py; do
  suite=$(basename "$peer" .py); suite=${suite#bench_}
  case " $SUITES " in *" $suite "*) ;; *) continue ;; esac
  echo "run.sh: $peer (threads $THREADS)" >&2
  env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS="$THREADS" OMP_NUM_THREADS="$THREADS" \
    "$PYTHON" "$peer" --threads "$THREADS" --repetitions "$REPETITIONS" >"$RAW/peer-$suite.jsonl" \
    || echo "run.sh: peer $peer failed (exit $?); its finished cases are kept" >&2
done

"$PYTHON" - "$RAW" "$RESULTS/latest.json" "$THREADS" <<'PY'
import glob, json, os, platform, sys, time

raw, destination, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])

def records(pattern):
    for path in sorted(glob.glob(os.path.join(raw, pattern))):
        for line in open(path):
            line = line.strip()
            if line.startswith("{"):
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    print(f"run.sh: skipping a malformed line in {os.path.basename(path)}: {line[:80]}", file=sys.stderr)

ours = list(records("ours-*.jsonl"))
peers = {}
for record in records("peer-*.jsonl"):
    peers.setdefault((record["benchmark"], record["case"]), []).append(record)

rows = []
for record in ours:
    matches = peers.get((record["benchmark"], record["case"]), [None])
    for peer in matches:
        row = dict(record)
        if peer:
            row["peer"] = peer.get("peer")
            row["peer_median_us"] = peer["peer_median_us"]
            row["peer_p99_us"] = peer.get("peer_p99_us")
            row["speedup"] = round(peer["peer_median_us"] / record["ours_median_us"], 3) if record["ours_median_us"] > 0 else None
        rows.append(row)
ours_keys = {(r["benchmark"], r["case"]) for r in ours}
unmatched = [p for key, ps in peers.items() if key not in ours_keys for p in ps]

loadavg = os.getloadavg() if hasattr(os, "getloadavg") else None
try:
    with open(os.path.join(raw, "machine.json")) as handle:
        kernels = json.load(handle)
except (OSError, json.JSONDecodeError):
    kernels = {}
result = {
    "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    "threads": threads,
    "machine": {"platform": platform.platform(), "processor": platform.processor(),
                "cpu_count": os.cpu_count(), "load_average": loadavg, **kernels},
    "results": rows,
    "peer_cases_without_ours": unmatched,
}
temporary = destination + ".tmp"
with open(temporary, "w") as handle:
    json.dump(result, handle, indent=2, sort_keys=True)
    handle.write("\n")
os.replace(temporary, destination)

def figure(value):
    return "" if value is None else f"{value:g}" if isinstance(value, (int, float)) else str(value)

print(f"Machine: {kernels.get('cpu_and_kernels', 'unknown')}")
print(f"Threads: {threads}; load average at the end: {loadavg}")
print()
print("| benchmark | case | ours median µs | ours p99 µs | peer | peer median µs | speedup | ours vs cblas | allocations/call |")
print("|---|---|---:|---:|---|---:|---:|---:|---:|")
for row in rows:
    print(f"| {row['benchmark']} | {row['case']} | {figure(row['ours_median_us'])} | {figure(row.get('ours_p99_us'))} "
          f"| {figure(row.get('peer'))} | {figure(row.get('peer_median_us'))} | {figure(row.get('speedup'))} "
          f"| {figure(row.get('ours_vs_cblas'))} | {figure(row.get('allocations_per_call'))} |")
print()
print(f"Written to {destination}")
PY
