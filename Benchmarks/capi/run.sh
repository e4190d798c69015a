#!/usr/bin/env bash
# The C API's overhead: the explained forecast of one user-day of the shipped boosted trees
# (predict_json: odml_predict's work, explain_json: odml_explain's), timed the same way through
# the direct Swift call (odml-bench capi), the C API (bench_capi.c), the JVM binding
# (BenchCapi.java) and the Python package (bench_capi.py). The four run one after the other,
# ROUNDS times, so that load changes on a shared machine hit them alike; per case and route the
# median of the rounds' medians and p99s is kept, and the overhead is the median over rounds of
# (route's median / the Swift call's median in the same round) − 1.
# Writes Benchmarks/results/capi.json and prints a Markdown table.
# Usage: Benchmarks/capi/run.sh ODML ODML_BENCH CAPI [REPETITIONS (60)] [ROUNDS (7)]
#   CAPI: the folder `make capi-test` fills (dist/, python/, jvm/).
set -euo pipefail
odml=$(realpath "${1:?usage: run.sh ODML ODML_BENCH CAPI [REPETITIONS] [ROUNDS]}")
bench=$(realpath "${2:?usage: run.sh ODML ODML_BENCH CAPI [REPETITIONS] [ROUNDS]}")
capi=$(realpath "${3:?usage: run.sh ODML ODML_BENCH CAPI [REPETITIONS] [ROUNDS]}")
repetitions=${4:-60}
rounds=${5:-7}
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$capi/bench"
rm -rf "$work"
mkdir -p "$work/classes" "$root/Benchmarks/results"
"$odml" generate --users 5 --seed 40 --out "$work/data" >/dev/null 2>&1
last=$(tail -n +2 "$work/data/cycle_entries.csv" | cut -d, -f3 | sort | tail -n 1)
date=$(date -d "$last - 42 days" +%F)
model="$root/Models/cycle-gbt.odml" user=u00003
cc -std=c99 -O2 -Wall -Wextra -Werror -I "$capi/dist/include" "$root/Benchmarks/capi/bench_capi.c" -L "$capi/dist/lib" -lOnDeviceMLC \
  -Wl,-rpath,"$capi/dist/lib" -lm -o "$work/bench_capi"
javac -Xlint:all -Werror -cp "$capi/jvm/classes" -d "$work/classes" "$root/Benchmarks/capi/BenchCapi.java"
export OPENBLAS_NUM_THREADS=1
for round in $(seq "$rounds"); do
  echo "capi bench: round $round of $rounds" >&2
  ODML_BENCH_MODEL="$model" ODML_BENCH_DATA="$work/data" ODML_BENCH_USER=$user ODML_BENCH_DATE=$date \
    "$bench" capi --threads 1 --repetitions "$repetitions" >>"$work/round-$round.jsonl"
  "$work/bench_capi" "$model" "$work/data" $user "$date" "$repetitions" >>"$work/round-$round.jsonl"
  java -Dondeviceml.library.dir="$capi/jvm/lib" -cp "$capi/jvm/classes:$work/classes" org.ondeviceml.BenchCapi \
    "$model" "$work/data" $user "$date" "$repetitions" >>"$work/round-$round.jsonl"
  PYTHONPATH="$capi/python" python3 "$root/Benchmarks/capi/bench_capi.py" "$model" "$work/data" $user "$date" "$repetitions" \
    >>"$work/round-$round.jsonl"
done
python3 - "$work" "$root/Benchmarks/results/capi.json" "$rounds" "$date" <<'PY'
import json, statistics, sys
work, output, rounds, day = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
figures = {}   # (case, via) -> [(median, p99)] by round
for number in range(1, rounds + 1):
    for line in open(f"{work}/round-{number}.jsonl"):
        if line.strip():
            row = json.loads(line)
            via = row.get("via", "swift")
            figures.setdefault((row["case"], via), []).append((row.get("median_us", row.get("ours_median_us")),
                                                               row.get("p99_us", row.get("ours_p99_us"))))
result = {}
for (case, via), values in figures.items():
    swift = figures[(case, "swift")]
    ratios = [value[0] / reference[0] for value, reference in zip(values, swift)]
    result.setdefault(case, {})[via] = {
        "median_us": round(statistics.median(v[0] for v in values), 1), "p99_us": round(statistics.median(v[1] for v in values), 1),
        "median_overhead_percent": round((statistics.median(ratios) - 1) * 100, 1), "rounds": len(values)}
json.dump({"model": "cycle-gbt.odml", "as_of": day, "rounds": rounds, "cases": result}, open(output, "w"), indent=2, sort_keys=True)
print("| case | route | median µs | p99 µs | median overhead vs Swift (paired by round) |")
print("|---|---|---:|---:|---:|")
for case in sorted(result):
    for via in ("swift", "c", "java", "python"):
        if via in result[case]:
            entry = result[case][via]
            overhead = "—" if via == "swift" else f"{entry['median_overhead_percent']:+.1f} %"
            print(f"| {case} | {via} | {entry['median_us']:.0f} | {entry['p99_us']:.0f} | {overhead} |")
PY
