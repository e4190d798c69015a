#!/usr/bin/env python3
"""Reference fixtures for BoostedTreesTests (peer parity with LightGBM and shap).

Run from the repository root with the shared venv:
    python Benchmarks/peers/trees_fixtures.py
It writes, under Tests/BoostedTreesTests/Fixtures/:
  - parity_breast_cancer.csv / parity_regression.csv: split,label,f0..fN (float32 values, %.9g);
  - parity_lightgbm.json: hyper-parameters and LightGBM's test AUC / RMSE with them, on those two
    files and on 20,000 rows of the benchmark data of bench_trees.py (generated from a formula
    that GeneratedParityTests.swift reproduces, so no CSV): rows 0-9,999 train, 10,000-19,999 test;
    classification label `score > 0`, regression target `score` (see bench_trees.make_data);
  - shap_expected.json: when shap_model.txt (a model exported by our LightGBM-text exporter,
    written by `ODML_WRITE_TREES_FIXTURES=1 swift test --filter PeerParity`) exists, the values
    of shap.TreeExplainer and lightgbm.Booster on it for the SHAP rows.
Rows with missing values for the SHAP check follow one formula on both sides:
row r (over the whole breast-cancer file) has f0 = NaN when r % 7 == 0 and f3 = NaN when r % 5 == 0.
"""
import json
import os

import lightgbm as lgb
import numpy as np
import shap
from sklearn.datasets import load_breast_cancer, make_regression
from sklearn.metrics import mean_squared_error, roc_auc_score
from sklearn.model_selection import train_test_split

from bench_trees import FEATURES, uniform

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "BoostedTreesTests", "Fixtures")

PARAMS = {
    "num_leaves": 31, "learning_rate": 0.1, "min_data_in_leaf": 20, "min_sum_hessian_in_leaf": 1e-3,
    "lambda_l1": 0.0, "lambda_l2": 0.0, "max_bin": 255, "bagging_fraction": 1.0, "feature_fraction": 1.0,
    "num_threads": 1, "deterministic": True, "verbose": -1, "min_data_in_bin": 1,
}
ROUNDS = 100
GENERATED_ROWS = 20_000


def generated_data(rows):
    """bench_trees.make_data's features and its continuous score (label = score > 0)."""
    index = np.arange(rows * FEATURES, dtype=np.uint64)
    X = (uniform(index) * 2.0 - 1.0).astype(np.float32).reshape(rows, FEATURES)
    x = X.astype(np.float64)
    score = 2 * x[:, 0] - 1.5 * x[:, 1] + 2 * x[:, 2] * x[:, 3] + np.where(x[:, 4] > 0, 1.0, -1.0)
    for f in range(5, 10):
        score = score + 0.3 * x[:, f]
    score = score + 2 * (uniform(np.arange(rows, dtype=np.uint64) + np.uint64(10 ** 9)) - 0.5)
    return X, score


def write_csv(path, split, y, X):
    with open(path, "w") as f:
        f.write("split,label," + ",".join(f"f{i}" for i in range(X.shape[1])) + "\n")
        for s, label, row in zip(split, y, X):
            f.write(f"{s},{label:.9g}," + ",".join("nan" if np.isnan(v) else f"{v:.9g}" for v in row) + "\n")


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    result = {"rounds": ROUNDS, "params": PARAMS}

    X, y = load_breast_cancer(return_X_y=True)
    X = X.astype(np.float32)
    index = np.arange(len(y))
    train_index, test_index = train_test_split(index, test_size=0.3, random_state=0, stratify=y)
    split = np.zeros(len(y), dtype=int)
    split[test_index] = 1
    write_csv(os.path.join(FIXTURES, "parity_breast_cancer.csv"), split, y, X)
    booster = lgb.train({**PARAMS, "objective": "binary"}, lgb.Dataset(X[train_index].astype(np.float64), y[train_index]),
                        num_boost_round=ROUNDS)
    result["breast_cancer_auc"] = float(roc_auc_score(y[test_index], booster.predict(X[test_index].astype(np.float64))))

    Xr, yr = make_regression(n_samples=2000, n_features=10, n_informative=6, noise=10.0, random_state=0)
    Xr = Xr.astype(np.float32)
    yr = yr.astype(np.float32)
    split_r = (np.arange(2000) % 4 == 0).astype(int)
    write_csv(os.path.join(FIXTURES, "parity_regression.csv"), split_r, yr, Xr)
    train = split_r == 0
    booster = lgb.train({**PARAMS, "objective": "regression"}, lgb.Dataset(Xr[train].astype(np.float64), yr[train]),
                        num_boost_round=ROUNDS)
    prediction = booster.predict(Xr[~train].astype(np.float64))
    result["regression_rmse"] = float(np.sqrt(mean_squared_error(yr[~train], prediction)))

    Xg, score = generated_data(GENERATED_ROWS)
    train, test = slice(0, GENERATED_ROWS // 2), slice(GENERATED_ROWS // 2, GENERATED_ROWS)
    labels = (score > 0).astype(np.float64)
    booster = lgb.train({**PARAMS, "objective": "binary"}, lgb.Dataset(Xg[train].astype(np.float64), labels[train]),
                        num_boost_round=ROUNDS)
    result["generated_rows"] = GENERATED_ROWS
    result["generated_auc"] = float(roc_auc_score(labels[test], booster.predict(Xg[test].astype(np.float64))))
    booster = lgb.train({**PARAMS, "objective": "regression"}, lgb.Dataset(Xg[train].astype(np.float64), score[train]),
                        num_boost_round=ROUNDS)
    prediction = booster.predict(Xg[test].astype(np.float64))
    result["generated_rmse"] = float(np.sqrt(mean_squared_error(score[test], prediction)))

    with open(os.path.join(FIXTURES, "parity_lightgbm.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(json.dumps({k: v for k, v in result.items() if k != "params"}))

    model_path = os.path.join(FIXTURES, "shap_model.txt")
    if os.path.exists(model_path):
        Xs = X.astype(np.float64).copy()
        rows = np.arange(len(y))
        Xs[rows % 7 == 0, 0] = np.nan
        Xs[rows % 5 == 0, 3] = np.nan
        shap_rows = test_index[:40]
        booster = lgb.Booster(model_file=model_path)
        explainer = shap.TreeExplainer(booster)
        values = explainer.shap_values(Xs[shap_rows])
        values = values[1] if isinstance(values, list) else values
        expected = {
            "rows": [int(r) for r in shap_rows],
            "expected_value": float(np.ravel(explainer.expected_value)[-1]),
            "shap": [[float(v) for v in row] for row in np.asarray(values)],
            "lightgbm_raw": [float(v) for v in booster.predict(Xs[shap_rows], raw_score=True)],
            "lightgbm_contrib": [[float(v) for v in row] for row in booster.predict(Xs[shap_rows], pred_contrib=True)],
        }
        with open(os.path.join(FIXTURES, "shap_expected.json"), "w") as f:
            json.dump(expected, f)
        print(f"wrote shap_expected.json for {len(shap_rows)} rows")


if __name__ == "__main__":
    main()
