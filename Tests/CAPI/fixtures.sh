#!/usr/bin/env bash
# Prepares the files the C API's tests read (Tests/CAPI/capi_test.c, bindings/python/tests,
# bindings/jvm's test), with odml: a generated dataset, a day inside it, what `odml explain
# --json` and `odml elaro recommend --json` print for it, an app database after a replay, an
# encrypted model with its password, a truncated model; Models/ and Elaro's example state linked.
# Usage: Tests/CAPI/fixtures.sh ODML FIXTURES   (FIXTURES is replaced)
set -euo pipefail
odml=$(realpath "${1:?usage: fixtures.sh ODML FIXTURES}")
fixtures=${2:?usage: fixtures.sh ODML FIXTURES}
root="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$fixtures"
mkdir -p "$fixtures"
cd "$fixtures"
ln -s "$root/Models" Models
cp "$root/Datasets/elaro/example-state.json" example-state.json
"$odml" generate --users 6 --seed 41 --out data >/dev/null 2>&1
last=$(tail -n +2 data/cycle_entries.csv | cut -d, -f3 | sort | tail -n 1)
date -d "$last - 42 days" +%F > date.txt
"$odml" explain --json --model Models/cycle-gbt.odml --data data --user u00002 --date "$(cat date.txt)" --lang en > explain-u00002.json
"$odml" elaro recommend --state example-state.json --lang en --seed 1 --json > elaro-recommend.json
"$odml" replay --model Models/cycle-gbt.odml --months 4 --out app.sqlite >/dev/null 2>&1
echo "a password for the tests" > password.txt
"$odml" finetune --model Models/cycle-gbt.odml --data data --user u00001 --password-file password.txt --out encrypted.odml \
  >/dev/null 2>&1
head -c 2000 Models/cycle-gbt.odml > truncated.odml
echo "fixtures: $fixtures (dataset of 6 users, as of $(cat date.txt); app.sqlite; encrypted.odml)"
