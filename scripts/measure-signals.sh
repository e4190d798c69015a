#!/bin/sh
# The fertility-signal measurements of issue #22 (items 5 and 6), with the release odml and the
# shipped Models/. Never run by tests; writes only under OUT (default /tmp/odml-signals).
#
#   scripts/measure-signals.sh marquette PATH/TO/FedCycleData071012.csv
#       The Marquette charting cohort (never committed): imported with its peak days as LH tests,
#       and the same charts without any measurement; all women and the irregular ones (per-woman
#       cycle-length SD > 3 d over >= 3 cycles, scripts/dataset_subset.py).
#   scripts/measure-signals.sh scenarios
#       Held-out generated irregular users (odml validate's seed and size) in the every-signal
#       variant, kept to one logging scenario at a time: symptoms only, + LH, + BBT, + wrist,
#       + mucus, all signals.
#
# Each dataset gets one `odml compare` (calendar, rules, gbt, lstm, ovulation-aware, and the
# oracle where truth has latent parameters), 200 bootstrap resamples.
set -eu
ODML=${ODML:-.build/release/odml}
OUT=${OUT:-/tmp/odml-signals}
MODELS="calendar,period-history,rules,Models/cycle-gbt.odml,Models/cycle-lstm.odml,ovulation-aware"
mkdir -p "$OUT"

compare() {  # compare NAME MODELS
    echo "== $1"
    "$ODML" compare --data "$OUT/$1" --models "$2" --bootstrap 200
}

case "${1:-}" in
marquette)
    csv=${2:?path to FedCycleData071012.csv}
    rm -rf "$OUT/marquette-lh"
    "$ODML" import fedcycle "$csv" --out "$OUT/marquette-lh"
    python3 scripts/dataset_subset.py "$OUT/marquette-lh" "$OUT/marquette-nolh" --signals none
    python3 scripts/dataset_subset.py "$OUT/marquette-lh" "$OUT/marquette-irregular-lh" --irregular
    python3 scripts/dataset_subset.py "$OUT/marquette-lh" "$OUT/marquette-irregular-nolh" --irregular --signals none
    for name in marquette-lh marquette-irregular-lh marquette-nolh marquette-irregular-nolh; do compare "$name" "$MODELS"; done
    ;;
scenarios)
    rm -rf "$OUT/held-out-every-signal"
    "$ODML" generate --cohort irregular --every-signal --users 400 --months 12 --seed 424242 --out "$OUT/held-out-every-signal"
    for signals in none lh bbt wrist mucus all; do
        python3 scripts/dataset_subset.py "$OUT/held-out-every-signal" "$OUT/scenario-$signals" --signals "$signals"
        compare "scenario-$signals" "$MODELS,oracle"
    done
    ;;
*)
    echo "usage: $0 marquette PATH/TO/FedCycleData071012.csv | scenarios" >&2
    exit 2
    ;;
esac
