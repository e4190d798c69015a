#!/usr/bin/env bash
# Writes the fuzz harness's seed inputs (Tests/CAPI/fuzz_capi.c: the first byte picks the target)
# into CORPUS: history JSON documents, the shipped model files (with and without the CRC repair
# flag), a few structured-history byte strings and Elaro's example state.
# Usage: Tests/CAPI/fuzz-seeds.sh CORPUS
set -euo pipefail
corpus=${1:?usage: fuzz-seeds.sh CORPUS}
root="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$corpus"
mkdir -p "$corpus"
seed() { { printf "$1"; cat; } > "$corpus/$2"; }
echo '{"profile": {"id": "a", "created_at": "2024-01-01", "preferences": {"age": 30, "language": "fr"}}, "days": [{"date": "2024-01-03", "flow_intensity": 3, "symptoms": {"pain": 5}, "body_zone": "uterus", "pain_type": "cramping"}, {"date": "2024-01-31", "flow_intensity": 2}], "measurements": [{"date": "2024-01-15", "kind": "lh_test", "value": 2}, {"date": "2024-01-16", "kind": "bbt", "value": 36.55, "disturbed": true}]}' | seed '\x00' history-1
echo '{"profile": {"id": "b", "created_at": "2024-01-01", "cycle_type": "irregular", "conditions": ["sopk"]}}' | seed '\x00' history-2
seed '\x01\x01' gbt < "$root/Models/cycle-gbt.odml"
seed '\x01\x00' lstm < "$root/Models/cycle-lstm.odml"
printf '\x02\x00\x01\x20\x01\x03\x07\x01\x03\x00\x05\x1c\x02\x00\x20\x03\x05\x40\x01\x02\x03\x04\x05\x06\x07' > "$corpus/predict-1"
printf '\x02\x03\x00\x3f\xff\x05\x01\x07\x05\x00\x09\x02\x10\x11\x80\x03\x00\x01' > "$corpus/predict-2"
seed '\x03' elaro < "$root/Datasets/elaro/example-state.json"
echo "fuzz-seeds: $(ls "$corpus" | wc -l) seeds in $corpus"
