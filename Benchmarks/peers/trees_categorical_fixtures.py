#!/usr/bin/env python3
"""Reference fixture for BoostedTrees' categorical features (Tests/BoostedTreesTests/CategoricalTests.swift).

Writes Tests/BoostedTreesTests/Fixtures/categorical_lightgbm.json with:
- `train` / `test`: a generated binary data set (numpy seed 7): feature 0 categorical (codes 0..19;
  categories 3, 11 and 17 carry the signal), feature 1 numerical with 10 % missing values,
  feature 2 categorical (codes 0..5, category 2 carries a weak signal), feature 3 numerical noise.
  Numerical values are multiples of 1/64 so the JSON is short and exact in float32.
- `lightgbm_test_auc`: the test AUC of LightGBM trained with `categorical_feature=[0, 2]` and
  `max_cat_to_onehot=64` (one-vs-rest splits, as ours) and the parameters in `parameters`.
- `export_rows` / `export_raw_scores`: rows (categorical codes -1..9 with unseen ones, NaN) and the raw
  scores LightGBM computes for them with OUR exported model, categorical_export_model.txt, which
  the Swift test writes (ODML_WRITE_FIXTURES=1 swift test --filter CategoricalTests) and checks
  byte for byte; rerun this script after regenerating it.
Usage: /work/venv/bin/python Benchmarks/peers/trees_categorical_fixtures.py
"""
import json
import os

import lightgbm as lgb
import numpy as np
from sklearn.metrics import roc_auc_score

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "BoostedTreesTests", "Fixtures")
PARAMETERS = dict(objective="binary", num_leaves=15, learning_rate=0.1, min_data_in_leaf=20, max_bin=255,
                  min_sum_hessian_in_leaf=1e-3, max_cat_to_onehot=64, num_threads=1, verbose=-1, seed=0)
ROUNDS = 60


def make_data(rng, rows):
    f0 = rng.integers(0, 20, rows).astype(np.float64)
    f1 = np.round(rng.normal(size=rows) * 64) / 64
    f1[rng.random(rows) < 0.1] = np.nan
    f2 = rng.integers(0, 6, rows).astype(np.float64)
    f3 = np.round(rng.random(rows) * 128) / 64 - 1
    logit = 2.0 * (f0 == 3) - 1.5 * (f0 == 11) + 1.0 * (f0 == 17) + 0.5 * (f2 == 2) + 0.8 * np.nan_to_num(f1)
    labels = (logit + rng.logistic(size=rows) > 0.3).astype(np.float64)
    return np.c_[f0, f1, f2, f3], labels


def encode(matrix):
    return [None if np.isnan(x) else float(x) for x in matrix.ravel()]


def main():
    rng = np.random.default_rng(7)
    train_x, train_y = make_data(rng, 3000)
    test_x, test_y = make_data(rng, 1000)
    booster = lgb.train(PARAMETERS, lgb.Dataset(train_x, train_y, categorical_feature=[0, 2]), ROUNDS)
    auc = roc_auc_score(test_y, booster.predict(test_x))
    fixture = {
        "rounds": ROUNDS,
        "parameters": {k: v for k, v in PARAMETERS.items() if k not in ("verbose", "num_threads")},
        "feature_count": 4,
        "train": {"features": encode(train_x), "labels": train_y.tolist()},
        "test": {"features": encode(test_x), "labels": test_y.tolist()},
        "lightgbm_test_auc": auc,
    }
    export_path = os.path.join(ROOT, "categorical_export_model.txt")
    if os.path.exists(export_path):
        rows = 300
        export_x = np.c_[rng.integers(-1, 10, rows), np.round(rng.normal(size=rows) * 8) / 4,
                         rng.integers(-1, 10, rows), np.round(rng.normal(size=rows) * 8) / 4].astype(np.float64)
        export_x[rng.random((rows, 4)) < 0.1] = np.nan
        ours = lgb.Booster(model_file=export_path)
        fixture["export_rows"] = encode(export_x)
        fixture["export_raw_scores"] = ours.predict(export_x, raw_score=True).tolist()
    with open(os.path.join(ROOT, "categorical_lightgbm.json"), "w") as handle:
        json.dump(fixture, handle, separators=(",", ":"))
    print(f"LightGBM test AUC {auc:.6f}; export rows: {'export_rows' in fixture}")


if __name__ == "__main__":
    main()
