#!/usr/bin/env python3
"""Fit the scale parameters of the period-history model's prior (`CycleLengthPrior.standard`,
Sources/Cycles/Posterior/CycleLength/) on real charts, by the prequential log score: each woman's cycles in
order, each scored by the predictive distribution of the model that has seen her earlier cycles.

    scripts/fit-cycle-length-prior.py DATASET [--fix name=value ...] [--evaluate]
    scripts/fit-cycle-length-prior.py --fixture OUT.json

DATASET is a dataset directory as `odml import` writes it (period starts are read from
cycle_entries.csv with the app's rule: a start is the first flow day after >= 2 days without
flow). The shipped numbers come from the Marquette charting cohort, imported by hand and never
committed:

    odml import fedcycle ../shared/realdata/FedCycleData071012.csv --out /tmp/marquette
    scripts/fit-cycle-length-prior.py /tmp/marquette --fix recency_decay=0.95 --fix within_woman_log_spread=0.6

(`Datasets/REFERENCE-STATISTICS.md`, "Period-only model", says why those two are fixed.) The model
here is an independent NumPy implementation of the Swift one, grid for grid; `--fixture` writes
the predictive distributions of a few histories that `CycleLengthModelTests` compares with the
Swift model. Needs numpy and scipy; never run by tests.
"""
import argparse
import csv
import datetime
import json
import math
import os
import sys

import numpy as np
from scipy import optimize, stats

MAX_LENGTH = 180
LOG_MEANS = np.log(15.0) + np.arange(72) * (np.log(70.0) - np.log(15.0)) / 71
LOG_SCALES = np.exp(np.log(0.015) + np.arange(24) * (np.log(0.6) - np.log(0.015)) / 23)
FLOOR_WEIGHT = 0.002
POPULATION_LENGTH = 29.0
LONG_FACTOR, LONG_LOG_SD = 1.6, 0.3
LONG_SHARES = [(0.0, 0.494), (0.03, 0.327), (0.08, 0.157), (0.2, 0.022)]
FORGOTTEN_SHARES = [(0.0, 0.678), (0.03, 0.289), (0.1, 0.033)]
FITTED = ["between_woman_log_deviation", "typical_within_woman_deviation", "within_woman_log_spread",
          "residual_degrees_of_freedom", "recency_decay"]
STANDARD = dict(between_woman_log_deviation=0.087, typical_within_woman_deviation=1.86, within_woman_log_spread=0.6,
                residual_degrees_of_freedom=9.0, recency_decay=0.95)


def classes(means, scales, nu):
    """P(length class L), L = 1 .. MAX_LENGTH (the last class: that long or longer), with the floor."""
    edges = np.log(np.arange(1, MAX_LENGTH) + 0.5)   # upper edges of classes 1 .. MAX_LENGTH-1
    cdf = stats.t.cdf((edges[None, :] - means[:, None]) / scales[:, None], nu)
    mass = np.diff(np.concatenate([np.zeros((len(means), 1)), cdf, np.ones((len(means), 1))], axis=1), axis=1)
    return (1 - FLOOR_WEIGHT) * np.maximum(mass, 0) + FLOOR_WEIGHT / MAX_LENGTH


class Model:
    def __init__(self, p, age=None):
        m, s = np.meshgrid(LOG_MEANS, LOG_SCALES, indexing="ij")
        m, s = m.ravel(), s.ravel()
        nu = p["residual_degrees_of_freedom"]
        self.usual = classes(m, s, nu)
        self.merged = classes(m + np.log(2), s / np.sqrt(2), nu)
        self.long = np.repeat(classes(LOG_MEANS + np.log(LONG_FACTOR), np.full(len(LOG_MEANS), LONG_LOG_SD), 1e6),
                              len(LOG_SCALES), axis=0)
        prior_mean = np.log(POPULATION_LENGTH)
        if age is not None:
            prior_mean = np.log(POPULATION_LENGTH - 0.18 * (min(max(age, 25), 45) - 30))
        z_m = (m - prior_mean) / p["between_woman_log_deviation"]
        z_s = (np.log(s) - np.log(p["typical_within_woman_deviation"] / POPULATION_LENGTH)) / p["within_woman_log_spread"]
        rho = np.array([v for v, _ in LONG_SHARES]); rho_p = np.array([w for _, w in LONG_SHARES])
        pi = np.array([v for v, _ in FORGOTTEN_SHARES]); pi_p = np.array([w for _, w in FORGOTTEN_SHARES])
        self.rho, self.pi = np.meshgrid(rho, pi, indexing="ij")
        self.rho, self.pi = self.rho.ravel(), self.pi.ravel()
        self.log_prior = (-0.5 * z_m ** 2 - 0.5 * z_s ** 2)[:, None] + np.log(np.outer(rho_p, pi_p).ravel())[None, :]
        self.decay = p["recency_decay"]

    def component_likelihood(self, length):
        c = min(max(length, 1), MAX_LENGTH) - 1
        u, g, l = self.usual[:, c:c + 1], self.merged[:, c:c + 1], self.long[:, c:c + 1]
        return (1 - self.rho - self.pi)[None, :] * u + self.rho[None, :] * l + self.pi[None, :] * g

    def posterior(self, lengths):
        log_likelihood = np.zeros_like(self.log_prior)
        for length in lengths:
            log_likelihood = self.decay * log_likelihood + np.log(self.component_likelihood(length))
        lp = self.log_prior + log_likelihood
        w = np.exp(lp - lp.max())
        return w / w.sum()

    def predictive(self, lengths):
        w = self.posterior(lengths)
        usual_w = w @ (1 - self.rho - self.pi); long_w = w @ self.rho; merged_w = w @ self.pi
        p = usual_w @ self.usual + long_w @ self.long + merged_w @ self.merged
        return p / p.sum()


def read_lengths(directory):
    flows = {}
    with open(os.path.join(directory, "cycle_entries.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if row["flow_intensity"] and int(row["flow_intensity"]) > 0:
                flows.setdefault(row["user_id"], []).append(datetime.date.fromisoformat(row["date"]))
    women = {}
    for user, days in flows.items():
        days.sort()
        starts, previous = [], None
        for day in days:
            if previous is None or (day - previous).days >= 3:
                starts.append(day)
            previous = day
        women[user] = [(b - a).days for a, b in zip(starts, starts[1:])]
    return women


def log_score(params, women):
    model = Model(params)
    total, count = 0.0, 0
    for lengths in women.values():
        log_likelihood = np.zeros_like(model.log_prior)
        for length in lengths:
            lp = model.log_prior + log_likelihood
            w = np.exp(lp - lp.max()); w /= w.sum()
            total += math.log(max(float((w * model.component_likelihood(length)).sum()), 1e-300)); count += 1
            log_likelihood = model.decay * log_likelihood + np.log(model.component_likelihood(length))
    return total / count


def fixture(path):
    histories = [[], [29], [28, 30, 29, 31, 28], [27, 28, 56, 28, 27], [24, 35, 29, 41, 26, 33]]
    model = Model(STANDARD)
    cases = [{"lengths": h, "probabilities": [round(float(x), 12) for x in model.predictive(h)[:80]]} for h in histories]
    with open(path, "w") as f:
        json.dump({"prior": STANDARD, "max_length": MAX_LENGTH, "cases": cases}, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset", nargs="?")
    parser.add_argument("--fix", action="append", default=[], help="name=value, one of " + ", ".join(FITTED))
    parser.add_argument("--evaluate", action="store_true", help="print the log score of the shipped numbers only")
    parser.add_argument("--fixture", help="write the Swift parity fixture to this path and exit")
    args = parser.parse_args()
    if args.fixture:
        fixture(args.fixture)
        return
    if not args.dataset:
        parser.error("DATASET is required")
    women = read_lengths(args.dataset)
    print(f"{len(women)} women, {sum(len(v) for v in women.values())} scored cycles", file=sys.stderr)
    if args.evaluate:
        print(json.dumps({"log_score": log_score(STANDARD, women), **STANDARD}, indent=1))
        return
    fixed = dict(kv.split("=") for kv in args.fix)
    free = [n for n in FITTED if n not in fixed]
    start = dict(STANDARD, **{k: float(v) for k, v in fixed.items()})

    def unpack(x):
        p = dict(start)
        for name, value in zip(free, x):
            p[name] = 1 / (1 + math.exp(-value)) if name == "recency_decay" else math.exp(value)
        return p

    def objective(x):
        value = -log_score(unpack(x), women)
        print(json.dumps({k: round(v, 4) for k, v in unpack(x).items()}), round(value, 5), file=sys.stderr, flush=True)
        return value

    x0 = [math.log(start[n] / (1 - start[n])) if n == "recency_decay" else math.log(start[n]) for n in free]
    result = optimize.minimize(objective, x0, method="Nelder-Mead", options=dict(maxfev=200, xatol=1e-3, fatol=1e-5))
    print(json.dumps({"log_score": -result.fun, **unpack(result.x)}, indent=1))


if __name__ == "__main__":
    main()
