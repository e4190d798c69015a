#!/usr/bin/env python3
"""Peer timings for `odml-bench trees`: LightGBM, XGBoost (hist) and shap on the same data.

Data: row r, feature f is u(r * 30 + f) * 2 - 1 where u(i) = (splitmix64(i) >> 40) / 2**24 (exact
in float32); the label is 1 when
    2 x0 - 1.5 x1 + 2 x2 x3 + (1 if x4 > 0 else -1) + 0.3 (x5 + ... + x9) + 2 (u(10**9 + r) - 0.5) > 0
(all in float64 from the float32 features). TreesSuite.swift computes the same values.
Hyper-parameters: 100 trees, 31 leaves, learning rate 0.1, 255 bins, min 20 rows per leaf, 2 threads.
Usage: python Benchmarks/peers/bench_trees.py [--quick]
"""
import json
import sys
import time

import numpy as np

FEATURES = 30
MASK = np.uint64(0xFFFFFFFFFFFFFFFF)


def splitmix64(index):
    with np.errstate(over="ignore"):
        z = index.astype(np.uint64) + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def uniform(index):
    return ((splitmix64(index) >> np.uint64(40)).astype(np.float64) * 2.0 ** -24)


def make_data(rows):
    index = np.arange(rows * FEATURES, dtype=np.uint64)
    X = (uniform(index) * 2.0 - 1.0).astype(np.float32).reshape(rows, FEATURES)
    x = X.astype(np.float64)
    noise = uniform(np.arange(rows, dtype=np.uint64) + np.uint64(10 ** 9))
    s = 2 * x[:, 0] - 1.5 * x[:, 1] + 2 * x[:, 2] * x[:, 3] + np.where(x[:, 4] > 0, 1.0, -1.0)
    for f in range(5, 10):
        s = s + 0.3 * x[:, f]
    s = s + 2 * (noise - 0.5)
    return X, (s > 0).astype(np.float64)


def timed(function, repetitions):
    function()
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        function()
        samples.append((time.perf_counter() - start) * 1e6)
    samples.sort()
    return samples[len(samples) // 2], samples[min(len(samples) - 1, int(len(samples) * 0.99))]


def emit(case, peer, median, p99, **extra):
    print(json.dumps({"benchmark": "trees", "case": case, "peer": peer, "peer_median_us": median, "peer_p99_us": p99, **extra}),
          flush=True)


def main():
    import lightgbm as lgb
    import shap
    import xgboost as xgb

    quick = "--quick" in sys.argv
    params = {"objective": "binary", "num_leaves": 31, "learning_rate": 0.1, "max_bin": 255, "min_data_in_leaf": 20,
              "min_sum_hessian_in_leaf": 1e-3, "num_threads": 2, "verbose": -1, "deterministic": True,
              "force_col_wise": True}
    xgb_params = {"objective": "binary:logistic", "tree_method": "hist", "grow_policy": "lossguide", "max_leaves": 31,
                  "max_depth": 0, "eta": 0.1, "max_bin": 256, "min_child_weight": 1e-3, "nthread": 2}
    sizes = [(100_000, "100k", 1 if quick else 5)] + ([] if quick else [(1_000_000, "1M", 3)])
    model_100k = None
    for rows, label, repetitions in sizes:
        X, y = make_data(rows)
        Xd = X.astype(np.float64)
        dataset = lgb.Dataset(Xd, y, params={"max_bin": 255}, free_raw_data=False)

        def train_lightgbm():
            return lgb.train(params, lgb.Dataset(Xd, y, params={"max_bin": 255}), num_boost_round=100)
        median, p99 = timed(train_lightgbm, repetitions)
        emit(f"train_{label}_x30", "lightgbm", median, p99, repetitions=repetitions)
        dmatrix = xgb.DMatrix(X, label=y, nthread=2)

        def train_xgboost():
            return xgb.train(xgb_params, xgb.QuantileDMatrix(X, label=y, nthread=2, max_bin=256), num_boost_round=100)
        median, p99 = timed(train_xgboost, repetitions)
        emit(f"train_{label}_x30", "xgboost_hist", median, p99, repetitions=repetitions)
        if rows == 100_000:
            model_100k = lgb.train(params, dataset, num_boost_round=100)
            test_X = Xd[:10_000]

    booster = model_100k
    single = test_X[:1]
    # Single-row predict through the Python API includes call overhead; LightGBM's fast single-row
    # path (predict with a 1-row ndarray) is what a Python user gets.
    median, p99 = timed(lambda: booster.predict(single, raw_score=True, num_threads=1), 200)
    emit("predict_single_100x31", "lightgbm", median, p99)
    median, p99 = timed(lambda: booster.predict(test_X, raw_score=True, num_threads=2), 30)
    emit("predict_batch_10k", "lightgbm", median, p99)
    explainer = shap.TreeExplainer(booster)
    rows = test_X[:200]
    median, p99 = timed(lambda: explainer.shap_values(rows), 5 if quick else 30)
    emit("treeshap_per_row", "shap", median / len(rows), p99 / len(rows))


if __name__ == "__main__":
    main()
