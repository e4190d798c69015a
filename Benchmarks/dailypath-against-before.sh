#!/usr/bin/env bash
# The app's daily forecast against the code before her day state was kept between days: builds
# commit dbd7b06 (which replays her whole history on every forecast) in a temporary worktree, adds
# to its odml-bench the same cases as `odml-bench dailypath` (the same two-year database and calls,
# in the rollback journal and in WAL mode), then runs the two binaries in turn, each case alone
# (today's kept path is not interleaved with its replayed and commit-alone cases), ROUNDS times
# (default 3) of REPETITIONS calls per case (default 1,000: the p99 is then the 10th slowest call,
# where of 200 it is the 2nd, one stall away from the slowest), and prints each round's p50 / p99,
# the ratios, the same after a relaunch (a new AppDatabase per call: the kept day read and
# decoded, `daily_predict_*_relaunched`), the commit alone (the same rows written with no
# forecast, `daily_write_*`: the floor under any forecast that writes them) and the p99 ceiling
# before / commit alone. Release builds; the old one takes several minutes. Not run by CI.
#
# Usage: Benchmarks/dailypath-against-before.sh [ROUNDS] [REPETITIONS]
set -euo pipefail
rounds=${1:-3}
repetitions=${2:-1000}
root=$(git rev-parse --show-toplevel)
before=dbd7b06
tree=$(mktemp -d /tmp/odml-before-XXXXXX)
trap 'git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
git -C "$root" worktree add -f --detach "$tree" "$before" >/dev/null

cp "$root/Benchmarks/odml-bench/DailyPathDatabase.swift" "$tree/Benchmarks/odml-bench/"
cat > "$tree/Benchmarks/odml-bench/DailyPathBeforeSuite.swift" <<'SWIFT'
#if SQLite
import Foundation
import OnDeviceML

/// `odml-bench dailypath` of this older code: one explained `OnDeviceLoop.predict` on today's
/// two-year database (`DailyPathDatabase`), each call a new day after her last log.
enum DailyPathBeforeSuite {
    static func run(_ harness: BenchmarkHarness) throws {
        var options = harness.options
        options.repetitions = max(options.repetitions, 200)
        let harness = BenchmarkHarness(suite: harness.suite, options: options)
        BLAS.threadCount = 1
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odml-bench-before-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = DailyPathDatabase.history()
        for name in ["gbt", "lstm"] {
            for writeAheadLog in [false, true] where harness.shouldRun("daily_predict_\(name)") {
                let suffix = writeAheadLog ? "_wal" : ""
                let model = try CycleModel.load("Models/cycle-\(name).odml")
                let database = try DailyPathDatabase.create(history, at: directory.appendingPathComponent("\(name)\(suffix).sqlite").path,
                                                            writeAheadLog: writeAheadLog)
                let loop = OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.shared)
                var day = history.records.last!.date
                _ = try loop.predict(at: DailyPathDatabase.noon(day))
                var failure: (any Error)?
                let measurement = harness.measure {
                    day = day.advanced(by: 1)
                    do { BenchmarkHarness.blackHole(try loop.predict(at: DailyPathDatabase.noon(day))) } catch { failure = error }
                }
                if let failure { throw failure }
                harness.report("daily_predict_\(name)_before\(suffix)", measurement, extra: ["days_logged": history.records.count])
            }
        }
    }
}
#endif
SWIFT
sed -i 's/    ("export", ExportSuite.run),/    ("export", ExportSuite.run),\n    ("dailypath", DailyPathBeforeSuite.run),/' \
    "$tree/Benchmarks/odml-bench/main.swift"
echo "building $before's odml-bench in $tree" >&2
(cd "$tree" && swift build -c release --product odml-bench >&2)
(cd "$root" && swift build -c release --product odml-bench >&2)

results=$(mktemp)
for round in $(seq "$rounds"); do
    echo "round $round/$rounds" >&2
    (cd "$tree" && env -u OPENBLAS_CORETYPE .build/release/odml-bench dailypath --filter daily_predict --repetitions "$repetitions" | grep '"case"' \
        | sed "s/^{/{\"round\":$round,/") >> "$results"
    # Each of today's cases alone, as the old code's one case runs: the kept path, the kept path
    # after a relaunch (its kept day read and decoded), then the commit alone.
    for filter in _kept _relaunched daily_write; do
        (cd "$root" && env -u OPENBLAS_CORETYPE .build/release/odml-bench dailypath --filter "$filter" --repetitions "$repetitions" | grep '"case"' \
            | sed "s/^{/{\"round\":$round,/") >> "$results"
    done
done
python3 - "$results" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
by = {(r["round"], r["case"]): r for r in rows}
print(f"{'round':>5} {'case':<26} {'before p50/p99 ms':>18} {'kept p50/p99 ms':>16} {'ratio p50/p99':>14} "
      f"{'relaunched p50/p99 ms':>22} {'ratio p50/p99':>14} {'commit alone p50/p99 ms':>24} {'p99 ceiling':>11}")
for (round_, case), r in sorted(by.items()):
    if "_before" not in case:
        continue
    kept = by.get((round_, case.replace("_before", "_kept")))
    if kept is None:
        continue
    b50, b99 = r["ours_median_us"] / 1000, r["ours_p99_us"] / 1000
    k50, k99 = kept["ours_median_us"] / 1000, kept["ours_p99_us"] / 1000
    floor = by.get((round_, case.replace("daily_predict", "daily_write").replace("_gbt_before", "_gbt")
                    .replace("_lstm_before", "_lstm")))
    f50, f99 = (floor["ours_median_us"] / 1000, floor["ours_p99_us"] / 1000) if floor else (float("nan"),) * 2
    relaunched = by.get((round_, case.replace("_before", "_relaunched")))
    r50, r99 = (relaunched["ours_median_us"] / 1000, relaunched["ours_p99_us"] / 1000) if relaunched else (float("nan"),) * 2
    print(f"{round_:>5} {case.replace('_before', ''):<26} {b50:8.2f} / {b99:6.2f} {k50:7.2f} / {k99:6.2f} "
          f"{b50 / k50:6.1f} / {b99 / k99:4.1f}x {r50:12.2f} / {r99:6.2f} {b50 / r50:6.1f} / {b99 / r99:4.1f}x "
          f"{f50:14.2f} / {f99:6.2f} {b99 / f99:10.1f}x")
PY
