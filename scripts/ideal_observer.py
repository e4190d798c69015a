#!/usr/bin/env python3
"""How high can any predictor's alert accuracy go on a generated cohort?

An approximate Bayesian ideal observer for the next period start, built on the generator's own
model (Sources/Cycles/_UserSimulator.swift), so it knows the phase shapes a learned model has to
discover:
- a grid posterior over the current cycle's follicular length f (8-60 d) and luteal length L
  (7-17 d), plus anovulatory cycles (22-60 d), conditioned every day on "no period yet";
- energy, mood (stress-adjusted) and sleep as the generator makes them: a per-user baseline, a
  per-user effect times the phase shape (menses days 1-3, +0.5 around ovulation, -1 in the last
  5 days), AR(1) noise of SD 1.5 (phi 0.6), missing days bridged exactly;
- one-sided ovary pain as an ovulation marker (f within a day of it);
- the alert rule the learned models use (`AlertTiming`): alert once P(start tomorrow) -
  P(start in 6 days) reaches a threshold chosen on the calibration cohort.

Modes, from least to most knowledge:
- calendar: past cycle lengths and the declared length only (no symptoms);
- causal:   everything logged up to the day, per-user parameters estimated from the past only.
            This is what an app could do; it approximates the best causal predictor.
- truth-cycle: causal, but the user's true mean/SD of follicular and luteal lengths (truth.csv);
- latent:   truth-cycle plus symptom baselines and effects estimated from all of the user's data
            (past and future), i.e. a predictor that knows her latent parameters but never the
            current cycle's ovulation. The causal oracle of `odml evaluate --model oracle` also
            knows whether and when ovulation happened.

The metric is `period_start.alert_accuracy` as defined in Datasets/REFERENCE-STATISTICS.md: an
alert on day t forecasts t + 3, a hit when the start falls in t + 1 ... t + 5.

Usage: python scripts/ideal_observer.py --calibrate DIR --evaluate DIR [--modes calendar,causal,...]
       [--bootstrap 200]
Needs numpy only. Runtime ~1 min per mode and 400-user dataset.
"""
import argparse
import csv
import json
import sys
from collections import defaultdict
from datetime import date

import numpy as np

NOISE_SD = 1.5          # generator: symptoms.noise_deviation
PHI = 0.6               # generator: autoregression drawn in 0.5 ... 0.7
STRESS_COUPLING = 0.3   # generator: mood and sleep fall by 0.3 per point of excess stress
MAX_CYCLE_DAY = 120
THRESHOLDS = [0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1]

FOLLICULAR = np.arange(8, 61)
LUTEAL = np.arange(7, 18)
F_GRID, L_GRID = (a.ravel() for a in np.meshgrid(FOLLICULAR, LUTEAL, indexing="ij"))
ANOVULATORY = np.arange(22, 61)
OVULATORY_COUNT = len(F_GRID)
LENGTH = np.concatenate([F_GRID + L_GRID, ANOVULATORY])
IS_OVULATORY = np.arange(len(LENGTH)) < OVULATORY_COUNT


def phase_shapes():
    """Mood/energy and sleep shapes per hypothesis and cycle day (generator's simulateDays)."""
    days = np.arange(1, MAX_CYCLE_DAY + 1)
    menses = np.where(days <= 2, -1.0, np.where(days == 3, -0.5, 0.0))
    sleep_menses = np.where(days <= 2, -1.0, 0.0)
    f = F_GRID[:, None]
    cycle_length = (F_GRID + L_GRID)[:, None]
    late_luteal = (cycle_length - days[None] + 1 <= 5) & (days[None] <= cycle_length)
    peak = (days[None] >= f - 4) & (days[None] <= f + 1)
    mood = np.where(late_luteal, -1.0, np.where(peak, 0.5, menses[None]))
    sleep = np.where(late_luteal, -1.0, sleep_menses[None])
    mood = np.vstack([mood, np.tile(menses, (len(ANOVULATORY), 1))])
    sleep = np.vstack([sleep, np.tile(sleep_menses, (len(ANOVULATORY), 1))])
    return mood, sleep


MOOD_SHAPE, SLEEP_SHAPE = phase_shapes()


def log_normal(x, mean, sd):
    return -0.5 * ((x - mean) / sd) ** 2 - np.log(sd)


def load(directory):
    """Per user: day-indexed arrays of energy, mood, sleep, stress, flow logged, ovary pain."""
    def day(text):
        return date.fromisoformat(text[:10]).toordinal()

    records = defaultdict(dict)
    with open(f"{directory}/cycle_entries.csv") as handle:
        for row in csv.DictReader(handle):
            entry = records[row["user_id"]].setdefault(day(row["date"]), {})
            if row["flow_intensity"]:
                entry["flow"] = 1
    with open(f"{directory}/symptom_logs.csv") as handle:
        for row in csv.DictReader(handle):
            entry = records[row["user_id"]].setdefault(day(row["date"]), {})
            entry[row["symptom_type"]] = float(row["value"])
            if row["body_zone"] in ("left_ovary", "right_ovary"):
                entry["ovary_pain"] = 1
    declared = {}
    with open(f"{directory}/user_profile.csv") as handle:
        for row in csv.DictReader(handle):
            declared[row["id"]] = json.loads(row["preferences"] or "{}").get("typical_cycle_length", 29)
    truth = defaultdict(list)
    with open(f"{directory}/truth.csv") as handle:
        for row in csv.DictReader(handle):
            if row["luteal_length"]:
                truth[row["user_id"]].append((float(row["follicular_length"]), float(row["luteal_length"])))
    users = []
    for user, by_day in sorted(records.items()):
        first, last = min(by_day), max(by_day)
        count = last - first + 1
        arrays = {name: np.full(count, np.nan) for name in ("energy", "mood", "sleep", "stress")}
        flow = np.zeros(count, bool)
        ovary = np.zeros(count, bool)
        for ordinal, entry in by_day.items():
            i = ordinal - first
            for name in arrays:
                if name in entry:
                    arrays[name][i] = entry[name]
            flow[i] = "flow" in entry
            ovary[i] = "ovary_pain" in entry
        users.append(dict(id=user, flow=flow, ovary=ovary, declared=declared.get(user, 29),
                          truth=truth.get(user, []), **arrays))
    return users


def period_starts(flow):
    """First flow day after at least two days without logged flow (CycleMetric's definition)."""
    starts, last = [], -10
    for i in np.flatnonzero(flow):
        if i - last >= 3:
            starts.append(i)
        last = i
    return starts


def signal_parameters(series, low_days, window):
    """Baseline and (non-negative) effect of one symptom from days of known shape."""
    values, low = series[window], low_days[window]
    neutral = values[~low & ~np.isnan(values)]
    dip = values[low & ~np.isnan(values)]
    if len(neutral) < 8 or len(dip) < 4:
        return None
    return neutral.mean(), max(0.0, neutral.mean() - dip.mean())


def observe_user(user, mode):
    """Yields (user, day, days until the next logged start, P(start in k days) for k = 1 ... 6)."""
    starts = period_starts(user["flow"])
    ovary = user["ovary"]
    stress = user["stress"]
    rows = []
    for k in range(len(starts) - 1):
        start, next_start = starts[k], starts[k + 1]
        past = np.diff(starts[: k + 1]).astype(float)
        # Cycle parameters: past lengths shrunk towards the declared length (one pseudo-cycle).
        mean_length = (past.sum() + user["declared"]) / (len(past) + 1)
        sd_length = 4.2
        if len(past) >= 2:
            sd_length = np.sqrt((past.var(ddof=1) * (len(past) - 1) + 4.2 ** 2 * 3) / (len(past) + 2))
        luteal_seen = [starts[i + 1] - (np.flatnonzero(ovary[starts[i] + 5: starts[i + 1]])[0] + starts[i] + 5 + 1)
                       for i in range(k) if ovary[starts[i] + 5: starts[i + 1]].any()]
        luteal_mean = (12.4 * 2 + sum(luteal_seen)) / (2 + len(luteal_seen))
        luteal_sd = np.sqrt(1.0 + 1.4 ** 2 * 2 / (2 + len(luteal_seen)))
        follicular_mean = mean_length - luteal_mean
        follicular_sd = max(np.sqrt(max(sd_length ** 2 - 0.9 ** 2, 1.0)), 2.0)
        if mode in ("truth-cycle", "latent") and len(user["truth"]) >= 2:
            truth = np.array(user["truth"])
            follicular_mean, luteal_mean = truth.mean(axis=0)
            follicular_sd, luteal_sd = np.maximum(truth.std(axis=0, ddof=1), [1.0, 0.6])
        # Symptom parameters from days whose shape is known: menses days 1-2, last 5 days.
        everything = mode == "latent"
        known = starts if everything else starts[: k + 1]
        low_days = np.zeros(len(ovary), bool)
        for i, s in enumerate(known):
            low_days[s: s + 2] = True
            if i > 0:
                low_days[max(0, s - 5): s] = True
        window = slice(0, len(ovary)) if everything else slice(max(0, start - 150), start)
        parameters = [signal_parameters(user[name], low_days, window) for name in ("energy", "mood", "sleep")]
        if not everything:   # a share of users has no effect: shrink towards zero
            counts = [np.count_nonzero(low_days[window] & ~np.isnan(user[n][window])) for n in ("energy", "mood", "sleep")]
            parameters = [None if p is None else (p[0], p[1] * c / (c + 6.0)) for p, c in zip(parameters, counts)]
        stress_window = stress[window]
        stress_base = np.nanmean(stress_window) if np.any(~np.isnan(stress_window)) else 4.0

        log_prior = np.concatenate([
            np.log(0.95) + np.logaddexp(
                log_normal(F_GRID, follicular_mean, follicular_sd),
                np.log(0.04) + log_normal(F_GRID, follicular_mean + 10, follicular_sd + 2))
            + log_normal(L_GRID, luteal_mean, luteal_sd),
            np.log(0.05) + log_normal(ANOVULATORY, 33, 6)])
        log_posterior = log_prior.copy()
        last_residual = [None, None, None]
        ovary_seen = False
        for t in range(start, next_start):
            cycle_day = t - start + 1
            if cycle_day > MAX_CYCLE_DAY:
                break
            if mode != "calendar":
                for index, name in enumerate(("energy", "mood", "sleep")):
                    p = parameters[index]
                    value = user[name][t]
                    if p is None or np.isnan(value):
                        continue
                    if name != "energy" and not np.isnan(stress[t]):
                        value += STRESS_COUPLING * (stress[t] - stress_base)
                    shape = (SLEEP_SHAPE if name == "sleep" else MOOD_SHAPE)[:, cycle_day - 1]
                    residual = value - p[0] - p[1] * shape
                    previous = last_residual[index]
                    if previous is not None and t - previous[0] <= 10:
                        gap = t - previous[0]
                        mean, variance = PHI ** gap * previous[1], NOISE_SD ** 2 * (1 - PHI ** (2 * gap))
                    else:
                        mean, variance = 0.0, NOISE_SD ** 2
                    log_posterior += -0.5 * (residual - mean) ** 2 / variance
                    last_residual[index] = (t, residual)
                if ovary[t] and cycle_day > 5 and not ovary_seen:
                    ovary_seen = True
                    near = IS_OVULATORY & np.isin(np.concatenate([F_GRID, np.zeros(len(ANOVULATORY), int)]),
                                                  (cycle_day, cycle_day + 1))
                    log_posterior = np.where(near, log_posterior, log_posterior - 6.0)
            alive = LENGTH >= cycle_day
            weights = np.exp(np.where(alive, log_posterior, -np.inf) - log_posterior[alive].max())
            remaining = np.clip(LENGTH - cycle_day + 1, 0, 7)
            p = np.bincount(remaining[alive], weights[alive], minlength=8)[1:7] / weights.sum()
            rows.append((t, next_start - t, next_start, p))
    return rows


def run(users, mode):
    """Per cycle (user, start): the list of (days until start, P(1 ... 6)) for each day."""
    cycles = []
    for number, user in enumerate(users, 1):
        by_cycle = defaultdict(list)
        for t, remaining, next_start, p in observe_user(user, mode):
            by_cycle[next_start].append((remaining, p[0] - p[5]))
        cycles += [np.array(days) for days in by_cycle.values()]
        if number % 100 == 0:
            print(f"  {mode}: {number}/{len(users)} users", file=sys.stderr)
    return cycles


def hits(cycles, threshold):
    """Per cycle: 1 when the first day with score >= threshold is 1 ... 5 days before the start."""
    result = np.zeros(len(cycles))
    for i, days in enumerate(cycles):
        alerted = np.flatnonzero(days[:, 1] >= threshold)
        result[i] = alerted.size > 0 and days[alerted[0], 0] <= 5
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calibrate", required=True, help="dataset that chooses the alert threshold")
    parser.add_argument("--evaluate", required=True, help="held-out dataset that is scored")
    parser.add_argument("--modes", default="calendar,causal,truth-cycle,latent")
    parser.add_argument("--bootstrap", type=int, default=200)
    arguments = parser.parse_args()
    calibration, evaluation = load(arguments.calibrate), load(arguments.evaluate)
    generator = np.random.default_rng(0)
    for mode in arguments.modes.split(","):
        calibration_cycles = run(calibration, mode)
        threshold = max(THRESHOLDS, key=lambda th: hits(calibration_cycles, th).mean())
        per_user = [hits(run([user], mode), threshold) for user in evaluation]
        scored = np.concatenate(per_user)
        samples = []
        for _ in range(arguments.bootstrap):
            chosen = generator.integers(0, len(per_user), len(per_user))
            resample = np.concatenate([per_user[i] for i in chosen])
            samples.append(resample.mean())
        low, high = np.percentile(samples, [2.5, 97.5]) if samples else (np.nan, np.nan)
        # By the cycle's rank in the user's history (1 = her first scored cycle).
        ranks = np.concatenate([np.arange(1, len(h) + 1) for h in per_user])
        by_rank = {f"{a}-{b}": round(float(scored[(ranks >= a) & (ranks <= b)].mean()), 4)
                   for a, b in ((1, 2), (3, 4), (5, 6), (7, 10), (11, 99)) if np.any((ranks >= a) & (ranks <= b))}
        print(json.dumps({"mode": mode, "threshold": threshold, "cycles": int(scored.size),
                          "alert_accuracy": round(float(scored.mean()), 4),
                          "interval": [round(float(low), 4), round(float(high), 4)],
                          "by_cycle_rank": by_rank}), flush=True)


if __name__ == "__main__":
    main()
