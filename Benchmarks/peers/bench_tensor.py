#!/usr/bin/env python3
"""Peer for `odml-bench tensor`: the same cases with numpy (and scipy's expit when installed).

Usage: bench_tensor.py [--threads N] [--repetitions N] [--filter TEXT]

Prints one JSON line per case and peer:
  {"benchmark": "tensor", "case": ..., "peer": "numpy", "peer_median_us": x, "peer_p99_us": y}
Timing scheme as in Benchmarks/odml-bench/BenchmarkHarness.swift: warm up (>= 3 calls, >= 50 ms),
calls per repetition chosen so one repetition lasts about 2 ms, median and p99 (nearest rank)
of per-call times over the repetitions. BLAS threads are limited with threadpoolctl; the BLAS
library and kernel numpy runs are printed on stderr.
"""
import argparse
import json
import math
import sys
import time

import numpy as np
from threadpoolctl import threadpool_info, threadpool_limits


def calls_per_repetition(body):
    calls, elapsed = 0, 0.0
    while calls < 3 or elapsed < 50_000:
        start = time.perf_counter_ns()
        body()
        elapsed += (time.perf_counter_ns() - start) / 1e3
        calls += 1
    return max(1, round(2_000 / (elapsed / calls)))


def measure(body, repetitions):
    calls = calls_per_repetition(body)
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter_ns()
        for _ in range(calls):
            body()
        samples.append((time.perf_counter_ns() - start) / 1e3 / calls)
    samples.sort()
    middle = len(samples) // 2
    median = samples[middle] if len(samples) % 2 else (samples[middle - 1] + samples[middle]) / 2
    p99 = samples[min(len(samples) - 1, max(0, math.ceil(0.99 * len(samples)) - 1))]
    return median, p99, calls


def report(case, peer, body, arguments):
    if arguments.filter and arguments.filter not in case:
        return
    median, p99, calls = measure(body, arguments.repetitions)
    print(json.dumps({"benchmark": "tensor", "case": case, "peer": peer,
                      "peer_median_us": round(median, 3), "peer_p99_us": round(p99, 3),
                      "threads": arguments.threads, "calls_per_repetition": calls}), flush=True)


def softmax(x):
    e = np.exp(x - x.max())
    e /= e.sum()
    return e


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repetitions", type=int, default=50)
    parser.add_argument("--filter")
    arguments = parser.parse_args()
    if arguments.repetitions < 30:
        parser.error("--repetitions must be at least 30")

    rng = np.random.default_rng(2024)
    with threadpool_limits(limits=arguments.threads):
        for pool in threadpool_info():
            print(f"bench_tensor.py: {pool.get('internal_api')} {pool.get('version')} "
                  f"architecture={pool.get('architecture')} threads={pool.get('num_threads')}", file=sys.stderr)
        for size in (64, 256, 1024):
            a = rng.uniform(-1, 1, (size, size)).astype(np.float32)
            b = rng.uniform(-1, 1, (size, size)).astype(np.float32)
            c = np.zeros((size, size), dtype=np.float32)
            report(f"sgemm_{size}", "numpy", lambda: np.matmul(a, b, out=c), arguments)

        matrix = rng.uniform(-1, 1, (256, 256)).astype(np.float32)
        vector = rng.uniform(-1, 1, 256).astype(np.float32)
        result = np.zeros(256, dtype=np.float32)
        report("sgemv_256", "numpy", lambda: np.matmul(matrix, vector, out=result), arguments)

        count = 100_000
        x = rng.uniform(-10, 10, count).astype(np.float32)
        y = np.zeros(count, dtype=np.float32)
        report(f"softmax_{count}", "numpy", lambda: softmax(x), arguments)
        report(f"sigmoid_{count}", "numpy", lambda: sigmoid(x), arguments)
        try:
            from scipy.special import expit
            report(f"sigmoid_{count}", "scipy.special.expit", lambda: expit(x), arguments)
        except ImportError:
            print("bench_tensor.py: scipy not installed, skipping expit", file=sys.stderr)

        def axpy():
            y.__iadd__(np.float32(1e-6) * x)  # what numpy users write for y += alpha * x
        report(f"axpy_{count}", "numpy", axpy, arguments)


if __name__ == "__main__":
    main()
