#!/usr/bin/env python3
"""How high can any predictor's alert accuracy go on a generated cohort?

An approximate Bayesian ideal observer for the next period start, built on the generator's own
model (Sources/CyclesLab/_UserSimulator.swift and _SignalSimulator.swift), so it knows the phase
shapes and signal likelihoods a learned model has to discover:
- a grid posterior over the current cycle's follicular length f (8-60 d) and luteal length L
  (7-17 d), plus anovulatory cycles (22-60 d), conditioned every day on "no period yet";
- energy, mood (stress-adjusted) and sleep as the generator makes them: a per-user baseline, a
  per-user effect times the phase shape (menses days 1-3, +0.5 around ovulation, -1 in the last
  5 days), AR(1) noise of SD 1.5 (phi 0.6), missing days bridged exactly;
- one-sided ovary pain as an ovulation marker (f within a day of it);
- the fertility signals of measurements.csv (generator 4), each as the generator draws it:
  LH tests (a surge seen in 90 % of ovulatory cycles, starting round(N(-1, 0.9)) d from ovulation,
  1-3 days reading [peak], [positive, peak] or [positive, peak, positive]; one early false positive
  in 10 % of tested cycles), basal body temperature (her baseline, estimated from her cycle days
  1-7, plus a rise N(0.30, 0.13) degC from 1-3 d after ovulation, half on its first day, flat in
  20 % of ovulatory cycles, day noise SD 0.12), wrist temperature (the wearable's deviation,
  baseline -0.124 degC, rise U(0.20, 0.35) from round(N(0.5, 0.9)) d after ovulation, flat in 15 %,
  night noise SD 0.125) and cervical mucus (the five-step quality tables t, O, f, S, S+ by
  position to the peak day, peak = ovulation + round(N(-0.3, 1.2)), fertile onset 3-7 d before
  it, no S+ in 5 % of cycles). Readings marked disturbed (`disturbed` = 1) are left out, as the
  symptothermal rules and the app's posterior bracket them. Each signal's per-cycle nuisances (surge timing, rise size and delay, peak offset) are
  summed out for every f; past cycles whose signals place ovulation within a day or so give her
  luteal length, as ovary pain does;
- the alert rule the learned models use (`AlertTiming`): alert once P(start tomorrow) -
  P(start in 6 days) reaches a threshold chosen on the calibration cohort.

Modes, from least to most knowledge:
- calendar: past cycle lengths and the declared length only (no symptoms, no signals);
- signals-only: causal without the symptoms (energy, mood, sleep, ovary pain): periods and the
            scenario's fertility signals only; against causal, what the symptoms add to the signals.
- causal:   everything logged up to the day, per-user parameters estimated from the past only.
            This is what an app could do; it approximates the best causal predictor.
- truth-cycle: causal, but the user's true mean/SD of follicular and luteal lengths (truth.csv);
- latent:   truth-cycle plus symptom baselines and effects estimated from all of the user's data
            (past and future), i.e. a predictor that knows her latent parameters but never the
            current cycle's ovulation. The causal oracle of `odml evaluate --model oracle` also
            knows whether and when ovulation happened.

Signal scenarios (`--scenarios`, the names of `DatasetPerturbation`): `signals:none` (symptoms
only), `signals:lh`, `signals:bbt`, `signals:wrist`, `signals:mucus`, `signals:all`, or kinds joined
by `+` (`signals:lh+bbt`): the observer reads only those kinds of measurements.csv, in both the
calibration and the evaluation cohort.

The metric is `period_start.alert_accuracy` as defined in Datasets/REFERENCE-STATISTICS.md: an
alert on day t forecasts t + 3, a hit when the start falls in t + 1 ... t + 5.

Usage: python scripts/ideal_observer.py --calibrate DIR --evaluate DIR [--modes calendar,causal,...]
       [--scenarios signals:none,signals:lh,...] [--bootstrap 200] [--results FILE]
`--results FILE` writes the causal observer per scenario as the JSON `odml validate` reads
(Datasets/ideal-observer/), with the evaluation data's generator version, config, seed, users and
months, so that a figure is never shown for other data, and each user's hits and scored cycles
(`by_user`), with which `odml validate` pairs every model with the observer user by user.
Needs numpy only. Runtime ~1-3 min per mode, scenario and 400-user dataset.
"""
import argparse
import csv
import json
import math
import os
import sys
from collections import defaultdict
from datetime import date

import numpy as np

NOISE_SD = 1.5          # generator: symptoms.noise_deviation
PHI = 0.6               # generator: autoregression drawn in 0.5 ... 0.7
STRESS_COUPLING = 0.3   # generator: mood and sleep fall by 0.3 per point of excess stress
MAX_CYCLE_DAY = 120
THRESHOLDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0015, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1, 0.13,
              0.17, 0.22, 0.3]
LUTEAL_PRIOR = 13.0     # generator 2: luteal_mean 13.3 latent, 13.0 measured
LUTEAL_BETWEEN_SD = 1.6
LUTEAL_WITHIN_SD = 1.75  # irregular: luteal_variability_median
ANOVULATORY_RATE = 0.10  # irregular: anovulatory_rate

FOLLICULAR = np.arange(8, 61)
LUTEAL = np.arange(7, 18)
F_GRID, L_GRID = (a.ravel() for a in np.meshgrid(FOLLICULAR, LUTEAL, indexing="ij"))
F_INDEX = F_GRID - FOLLICULAR[0]
ANOVULATORY = np.arange(22, 61)
OVULATORY_COUNT = len(F_GRID)
LENGTH = np.concatenate([F_GRID + L_GRID, ANOVULATORY])
IS_OVULATORY = np.arange(len(LENGTH)) < OVULATORY_COUNT
SIGNAL_KINDS = ["lh", "bbt", "wrist", "mucus"]
KIND_NAMES = {"lh_test": "lh", "bbt": "bbt", "wrist_temperature": "wrist", "cervical_mucus_nfp": "mucus"}
SCENARIOS = ["signals:none", "signals:lh", "signals:bbt", "signals:wrist", "signals:mucus", "signals:all"]

# Signal physiology (CohortConfig.SignalParameters.typical).
LH_DETECTION = 0.9
LH_FALSE_POSITIVE_DAY = 0.1 / 7     # one false positive per 10 tested cycles, over ~7 early test days
LH_MISREAD = 1e-3
BBT_PRIOR_MEAN, BBT_PRIOR_SD, BBT_NOISE = 36.23, 0.15, 0.12
BBT_RISE, BBT_RISE_SD, BBT_FLAT, BBT_DELAYS = 0.30, 0.13, 0.2, (1, 2, 3)
WRIST_BASELINE, WRIST_NOISE = -0.45 * 0.275, 0.125
WRIST_RISE, WRIST_RISE_SD, WRIST_FLAT = 0.275, 0.15 / math.sqrt(12), 0.15
MUCUS_MISSED = 0.05
MUCUS_ONSETS = (3, 4, 5, 6, 7)
MUCUS_TABLES = {  # t, O, f, S, S+ (_SignalSimulator.MucusTable)
    "infertile": [0.40, 0.45, 0.15, 0.0, 0.0], "rising": [0.02, 0.08, 0.30, 0.50, 0.10],
    "near": [0.0, 0.0, 0.10, 0.35, 0.55], "peak": [0.0, 0.0, 0.0, 0.0, 1.0],
    "after": [0.15, 0.25, 0.35, 0.25, 0.0], "luteal": [0.35, 0.40, 0.20, 0.05, 0.0]}


def rounded_normal(mean, sd, values):
    """P(round(N(mean, sd)) = v) for each v, renormalised over `values`."""
    def cdf(x):
        return 0.5 * (1 + math.erf((x - mean) / (sd * math.sqrt(2))))
    p = np.array([cdf(v + 0.5) - cdf(v - 0.5) for v in values])
    return p / p.sum()


LH_ONSETS = np.arange(-4, 3)
LH_ONSET_P = rounded_normal(-1, 0.9, LH_ONSETS)
WRIST_ONSETS = np.arange(-3, 4)
WRIST_ONSET_P = rounded_normal(0.5, 0.9, WRIST_ONSETS)
MUCUS_OFFSETS = np.arange(-4, 4)
MUCUS_OFFSET_P = rounded_normal(-0.3, 1.2, MUCUS_OFFSETS)


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


def logsumexp(values, axis):
    top = np.max(values, axis=axis, keepdims=True)
    return np.squeeze(top, axis=axis) + np.log(np.sum(np.exp(values - top), axis=axis))


def load(directory, kinds):
    """Per user: day-indexed arrays of energy, mood, sleep, stress, flow logged, ovary pain and the
    signal kinds in `kinds` (NaN: not logged)."""
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
    signals = defaultdict(dict)
    if kinds:
        try:
            with open(f"{directory}/measurements.csv") as handle:
                for row in csv.DictReader(handle):
                    kind = KIND_NAMES.get(row["kind"])  # the cervix kinds are not generated
                    if kind in kinds and row.get("disturbed") != "1":
                        signals[row["user_id"]].setdefault(day(row["date"]), {})[kind] = float(row["value"])
        except FileNotFoundError:
            pass
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
        arrays = {name: np.full(count, np.nan) for name in ["energy", "mood", "sleep", "stress"] + SIGNAL_KINDS}
        flow = np.zeros(count, bool)
        ovary = np.zeros(count, bool)
        for ordinal, entry in by_day.items():
            i = ordinal - first
            for name in ("energy", "mood", "sleep", "stress"):
                if name in entry:
                    arrays[name][i] = entry[name]
            flow[i] = "flow" in entry
            ovary[i] = "ovary_pain" in entry
        for ordinal, entry in signals.get(user, {}).items():
            if first <= ordinal <= last:
                for name, value in entry.items():
                    arrays[name][ordinal - first] = value
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


def temperature_terms(values, baseline, noise, rise, rise_sd, flat, onsets, onset_p):
    """Cumulative log-likelihood ratio, day by day, of one cycle's temperatures under each f
    (versus no rise): (days, len(FOLLICULAR)) and the anovulatory column (0 by construction).

    z = value - baseline; on each day z = c * r + noise with c = 0 before the first raised day,
    1/2 on it, 1 after it, and r ~ N(rise, rise_sd) per cycle, summed out in closed form; the
    first raised day is f + onset, onset with probabilities `onset_p`; a flat cycle has c = 0."""
    days = len(values)
    seen = ~np.isnan(values)
    z = np.where(seen, values - baseline, 0.0)
    cycle_day = np.arange(1, days + 1)
    first = FOLLICULAR[None, :, None] + onsets[None, None, :]              # (1, F, O)
    c = np.where(cycle_day[:, None, None] < first, 0.0,
                 np.where(cycle_day[:, None, None] == first, 0.5, 1.0))    # (T, F, O)
    c = c * seen[:, None, None]
    s_cc = np.cumsum(c * c, axis=0) / noise ** 2
    s_cz = np.cumsum(c * z[:, None, None], axis=0) / noise ** 2
    precision = 1 / rise_sd ** 2 + s_cc
    mean = (rise / rise_sd ** 2 + s_cz) / precision
    log_ratio = 0.5 * mean ** 2 * precision - 0.5 * rise ** 2 / rise_sd ** 2 - 0.5 * np.log(rise_sd ** 2 * precision)
    raised = logsumexp(log_ratio + np.log(onset_p)[None, None, :], axis=2)
    return np.logaddexp(np.log(flat), np.log(1 - flat) + raised), np.zeros(days)


def lh_terms(values):
    """Cumulative log-likelihood, day by day, of one cycle's LH tests under each f and under no
    ovulation: (days, len(FOLLICULAR)) and (days,).

    Per f, the surge is summed out: not seen (10 %), or starting f + onset (onset ~ round(N(-1,
    0.9))) for 1-3 days reading [peak], [positive, peak] or [positive, peak, positive]. Outside the
    surge a test reads negative, except for the early false positive (a positive >= 3 d before the
    surge, `LH_FALSE_POSITIVE_DAY` per early test day); a misread has probability `LH_MISREAD`."""
    days = len(values)
    seen = ~np.isnan(values)
    onsets, readings, priors = [], [], []
    for onset, p_onset in zip(LH_ONSETS, LH_ONSET_P):
        for pattern in ([2], [1, 2], [1, 2, 1]):
            onsets.append(onset)
            readings.append(pattern + [-1] * (3 - len(pattern)))
            priors.append(LH_DETECTION * p_onset / 3)
    onsets.append(0)
    readings.append([-1, -1, -1])
    priors.append(1 - LH_DETECTION)
    onsets, readings = np.array(onsets), np.array(readings)
    surge_start = FOLLICULAR[None, :] + onsets[:, None]                     # (K, F)
    per_day = np.zeros((days, len(onsets), len(FOLLICULAR)))
    anovulatory = np.zeros(days)
    for t in np.flatnonzero(seen):
        result, d = int(values[t]), t + 1
        position = d - surge_start
        reading = np.where((position >= 0) & (position < 3), readings[np.arange(len(onsets))[:, None], np.clip(position, 0, 2)], -1)
        in_surge = reading >= 0
        early = d <= surge_start - 3
        positive = np.where(early, LH_FALSE_POSITIVE_DAY, LH_MISREAD)
        outside = {0: 1 - positive, 1: positive, 2: np.full_like(positive, LH_MISREAD)}[result]
        inside = np.where(reading == result, 1 - LH_MISREAD, LH_MISREAD)
        per_day[t] = np.log(np.where(in_surge, inside, outside))
        anovulatory[t] = math.log({0: 1 - LH_FALSE_POSITIVE_DAY, 1: LH_FALSE_POSITIVE_DAY, 2: LH_MISREAD}[result])
    cumulative = np.cumsum(per_day, axis=0)
    return logsumexp(cumulative + np.log(priors)[None, :, None], axis=1), np.cumsum(anovulatory)


MUCUS_PHASES = ["infertile", "rising", "near", "peak", "after", "luteal"]


def mucus_table():
    """log P(quality | phase) as an array [missed, phase, quality] (`MUCUS_PHASES` order); a
    missed peak reads S+ as S; impossible qualities get 1e-3."""
    table = np.zeros((2, len(MUCUS_PHASES), 5))
    for missed in (0, 1):
        for index, name in enumerate(MUCUS_PHASES):
            row = np.array(MUCUS_TABLES[name], float)
            if missed:
                row = np.array([row[0], row[1], row[2], row[3] + row[4], 0.0])
            row = np.maximum(row, 1e-3)
            table[missed, index] = np.log(row / row.sum())
    return table


MUCUS_LOG = mucus_table()


def mucus_terms(values):
    """Cumulative log-likelihood, day by day, of one cycle's mucus categories under each f and
    under no ovulation: (days, len(FOLLICULAR)) and (days,). Per f the peak offset, the fertile
    onset and a missed peak are summed out."""
    days = len(values)
    seen = ~np.isnan(values)
    missed, offsets, onsets, priors = [], [], [], []
    for is_missed, p_missed in ((0, 1 - MUCUS_MISSED), (1, MUCUS_MISSED)):
        for offset, p_offset in zip(MUCUS_OFFSETS, MUCUS_OFFSET_P):
            for onset in MUCUS_ONSETS:
                missed.append(is_missed)
                offsets.append(offset)
                onsets.append(onset)
                priors.append(p_missed * p_offset / len(MUCUS_ONSETS))
    missed, offsets, onsets = np.array(missed)[:, None], np.array(offsets)[:, None], np.array(onsets)[:, None]
    per_day = np.zeros((days, len(priors), len(FOLLICULAR)))
    anovulatory = np.zeros(days)
    for t in np.flatnonzero(seen):
        category = int(values[t])
        anovulatory[t] = MUCUS_LOG[0, 0, category]
        relative = (t + 1) - (FOLLICULAR[None, :] + offsets)                 # (K, F)
        phase = np.select([relative < -onsets, relative <= -3, relative <= -1, relative == 0, relative <= 3],
                          [0, 1, 2, 3, 4], default=5)
        per_day[t] = MUCUS_LOG[np.broadcast_to(missed, phase.shape), phase, category]
    cumulative = np.cumsum(per_day, axis=0)
    return logsumexp(cumulative + np.log(priors)[None, :, None], axis=1), np.cumsum(anovulatory)


def cycle_signal_terms(user, start, end, bbt_baseline):
    """Per day of the cycle [start, end): the summed log-likelihood of the logged signals under
    each f (days, len(FOLLICULAR)) and under no ovulation (days,)."""
    days = end - start
    ovulatory, anovulatory = np.zeros((days, len(FOLLICULAR))), np.zeros(days)
    for kind in SIGNAL_KINDS:
        values = user[kind][start:end]
        if np.all(np.isnan(values)):
            continue
        if kind == "lh":
            terms = lh_terms(values)
        elif kind == "mucus":
            terms = mucus_terms(values)
        elif kind == "bbt":
            baseline, variance = bbt_baseline
            terms = temperature_terms(values, baseline, math.sqrt(BBT_NOISE ** 2 + variance), BBT_RISE, BBT_RISE_SD,
                                      BBT_FLAT, np.array(BBT_DELAYS), np.full(3, 1 / 3))
        else:
            terms = temperature_terms(values, WRIST_BASELINE, WRIST_NOISE, WRIST_RISE, WRIST_RISE_SD, WRIST_FLAT,
                                      WRIST_ONSETS, WRIST_ONSET_P)
        ovulatory += terms[0]
        anovulatory += terms[1]
    return ovulatory, anovulatory


def bbt_baseline(user, starts, k, t):
    """Her follicular BBT (posterior mean and variance) from cycle days 1-7 of her cycles up to day t.

    The observer takes it once per cycle, on day 7: the forecasts of days 1-6 see that week's
    readings, which cannot matter to an alert (no cycle is shorter than 15 days)."""
    readings = []
    for s in starts[: k + 1]:
        window = user["bbt"][s: min(s + 7, t + 1)]
        readings += list(window[~np.isnan(window)])
    precision = 1 / BBT_PRIOR_SD ** 2 + len(readings) / BBT_NOISE ** 2
    mean = (BBT_PRIOR_MEAN / BBT_PRIOR_SD ** 2 + sum(readings) / BBT_NOISE ** 2) / precision
    return mean, 1 / precision


def signal_luteal(terms, length, luteal_mean, luteal_sd):
    """Her luteal length in a completed cycle of `length` days when its signals place ovulation
    sharply (posterior SD <= 1.5 d over f, ovulatory with probability >= 0.8), else None."""
    ovulatory, anovulatory = terms
    f = FOLLICULAR
    allowed = (length - f >= LUTEAL[0]) & (length - f <= LUTEAL[-1])
    if not allowed.any():
        return None
    log_w = np.where(allowed, ovulatory + log_normal(length - f, luteal_mean, luteal_sd), -np.inf)
    top = log_w.max()
    w = np.exp(log_w - top)
    evidence = top + math.log(w.sum()) + math.log(1 - ANOVULATORY_RATE)
    p_ovulatory = 1 / (1 + math.exp(min(50.0, anovulatory + math.log(ANOVULATORY_RATE) - evidence)))
    w /= w.sum()
    mean = float((w * f).sum())
    sd = math.sqrt(float((w * (f - mean) ** 2).sum()))
    if sd > 1.5 or p_ovulatory < 0.8:
        return None
    return length - mean


def observe_user(user, mode, use_signals):
    """Yields (user, day, days until the next logged start, P(start in k days) for k = 1 ... 6)."""
    starts = period_starts(user["flow"])
    ovary = user["ovary"]
    stress = user["stress"]
    rows = []
    luteal_by_cycle = {}
    for k in range(len(starts) - 1):
        start, next_start = starts[k], starts[k + 1]
        past = np.diff(starts[: k + 1]).astype(float)
        # Cycle parameters: past lengths shrunk towards the declared length (one pseudo-cycle).
        mean_length = (past.sum() + user["declared"]) / (len(past) + 1)
        sd_length = 4.2
        if len(past) >= 2:
            sd_length = np.sqrt((past.var(ddof=1) * (len(past) - 1) + 4.2 ** 2 * 3) / (len(past) + 2))
        luteal_seen = []
        for i in range(k):
            if i in luteal_by_cycle:
                luteal_seen.append(luteal_by_cycle[i])
            elif mode != "signals-only" and ovary[starts[i] + 5: starts[i + 1]].any():
                luteal_seen.append(starts[i + 1] - (np.flatnonzero(ovary[starts[i] + 5: starts[i + 1]])[0] + starts[i] + 5 + 1))
        luteal_mean = (LUTEAL_PRIOR * 2 + sum(luteal_seen)) / (2 + len(luteal_seen))
        luteal_sd = np.sqrt(LUTEAL_WITHIN_SD ** 2 + LUTEAL_BETWEEN_SD ** 2 * 2 / (2 + len(luteal_seen)))
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
        # Signals: the cycle's log-likelihood under each f, day by day (causal: row t uses days <= t).
        end = min(next_start, start + MAX_CYCLE_DAY)
        signal_ovulatory, signal_anovulatory = None, None
        if use_signals and mode != "calendar":
            signal_ovulatory, signal_anovulatory = cycle_signal_terms(user, start, end, bbt_baseline(user, starts, k, start + 6))
            luteal = signal_luteal((signal_ovulatory[end - start - 1], signal_anovulatory[end - start - 1]),
                                   next_start - start, luteal_mean, luteal_sd)
            if luteal is not None:
                luteal_by_cycle[k] = luteal

        log_prior = np.concatenate([
            np.log(1 - ANOVULATORY_RATE) + np.logaddexp(
                log_normal(F_GRID, follicular_mean, follicular_sd),
                np.log(0.04) + log_normal(F_GRID, follicular_mean + 10, follicular_sd + 2))
            + log_normal(L_GRID, luteal_mean, luteal_sd),
            np.log(ANOVULATORY_RATE) + log_normal(ANOVULATORY, 33, 6)])
        log_posterior = log_prior.copy()
        last_residual = [None, None, None]
        ovary_seen = False
        for t in range(start, next_start):
            cycle_day = t - start + 1
            if cycle_day > MAX_CYCLE_DAY:
                break
            if mode not in ("calendar", "signals-only"):
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
            current = log_posterior
            if signal_ovulatory is not None:
                current = log_posterior + np.concatenate([signal_ovulatory[t - start][F_INDEX],
                                                          np.full(len(ANOVULATORY), signal_anovulatory[t - start])])
            alive = LENGTH >= cycle_day
            if not alive.any():   # longer than any hypothesis (a forgotten period, a gap): no alert
                rows.append((t, next_start - t, next_start, np.zeros(6)))
                continue
            weights = np.exp(np.where(alive, current, -np.inf) - current[alive].max())
            remaining = np.clip(LENGTH - cycle_day + 1, 0, 7)
            p = np.bincount(remaining[alive], weights[alive], minlength=8)[1:7] / weights.sum()
            rows.append((t, next_start - t, next_start, p))
    return rows


def run(users, mode, use_signals):
    """Per cycle (user, start): the list of (days until start, P(1 ... 6)) for each day."""
    cycles = []
    for number, user in enumerate(users, 1):
        by_cycle = defaultdict(list)
        for t, remaining, next_start, p in observe_user(user, mode, use_signals):
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


def scenario_kinds(name):
    """The signal kinds a scenario reads (`signals:none` ... `signals:all`, `signals:lh+bbt`)."""
    if not name.startswith("signals:"):
        raise SystemExit(f"unknown scenario {name!r}: expected signals:none, signals:all or signals:KIND[+KIND...]")
    body = name[len("signals:"):]
    if body == "none":
        return set()
    if body == "all":
        return set(SIGNAL_KINDS)
    kinds = set(body.split("+"))
    if not kinds <= set(SIGNAL_KINDS):
        raise SystemExit(f"unknown signal kind in {name!r}: expected {', '.join(SIGNAL_KINDS)}")
    return kinds


def score(calibration, evaluation, mode, use_signals, bootstrap, generator):
    """Threshold chosen on `calibration`, alert accuracy with a user bootstrap on `evaluation`."""
    calibration_cycles = run(calibration, mode, use_signals)
    threshold = max(THRESHOLDS, key=lambda th: hits(calibration_cycles, th).mean())
    per_user = [hits(run([user], mode, use_signals), threshold) for user in evaluation]
    scored = np.concatenate(per_user)
    samples = []
    for _ in range(bootstrap):
        chosen = generator.integers(0, len(per_user), len(per_user))
        samples.append(np.concatenate([per_user[i] for i in chosen]).mean())
    low, high = np.percentile(samples, [2.5, 97.5]) if samples else (np.nan, np.nan)
    # By the cycle's rank in the user's history (1 = her first scored cycle).
    ranks = np.concatenate([np.arange(1, len(h) + 1) for h in per_user])
    by_rank = {f"{a}-{b}": round(float(scored[(ranks >= a) & (ranks <= b)].mean()), 4)
               for a, b in ((1, 2), (3, 4), (5, 6), (7, 10), (11, 99)) if np.any((ranks >= a) & (ranks <= b))}
    # Per user (in the ids order): hits and scored cycles, so that `odml validate` can pair each
    # model with the observer user by user (the same users and cycles) for the interval of their gap.
    by_user = {"ids": [user["id"] for user in evaluation], "hits": [int(h.sum()) for h in per_user],
               "cycles": [int(h.size) for h in per_user]}
    return {"mode": mode, "threshold": threshold, "cycles": int(scored.size),
            "alert_accuracy": round(float(scored.mean()), 4),
            "interval": [round(float(low), 4), round(float(high), 4)], "by_cycle_rank": by_rank, "by_user": by_user}


def manifest(directory):
    """The dataset's manifest.json, verbatim: `odml validate` shows a result only when its own
    evaluation data has exactly this manifest (generator and version, config, seed, users, months,
    window, summary counts)."""
    with open(f"{directory}/manifest.json") as handle:
        return json.load(handle)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calibrate", required=True, help="dataset that chooses the alert threshold")
    parser.add_argument("--evaluate", required=True, help="held-out dataset that is scored")
    parser.add_argument("--modes", default="calendar,causal,truth-cycle,latent")
    parser.add_argument("--scenarios", default="signals:none",
                        help="comma-separated signal scenarios (signals:none, signals:lh, ..., signals:all)")
    parser.add_argument("--bootstrap", type=int, default=200)
    parser.add_argument("--results", help="write the causal observer per scenario to this JSON file (for odml validate)")
    parser.add_argument("--command", default="", help="the command line recorded in --results")
    arguments = parser.parse_args()
    scenarios = arguments.scenarios.split(",")
    modes = arguments.modes.split(",")
    unknown = sorted(set(modes) - {"calendar", "signals-only", "causal", "truth-cycle", "latent"})
    if unknown:
        raise SystemExit(f"unknown mode(s) {', '.join(unknown)}: use calendar, signals-only, causal, truth-cycle, latent")
    if arguments.results and "causal" not in modes:
        raise SystemExit("--results records the causal observer: include causal in --modes")
    results = {}
    for scenario in scenarios:
        kinds = scenario_kinds(scenario)
        calibration, evaluation = load(arguments.calibrate, kinds), load(arguments.evaluate, kinds)
        for mode in modes:
            generator = np.random.default_rng(0)
            row = score(calibration, evaluation, mode, bool(kinds), arguments.bootstrap, generator)
            row["scenario"] = scenario
            print(json.dumps({key: value for key, value in row.items() if key != "by_user"}), flush=True)
            if mode == "causal":
                results[scenario] = row
    if arguments.results:
        document = {"command": arguments.command, "bootstrap": arguments.bootstrap,
                    "calibration": manifest(arguments.calibrate), "evaluation": manifest(arguments.evaluate),
                    "scenarios": {name: {key: row[key] for key in ("alert_accuracy", "interval", "cycles", "threshold", "by_cycle_rank", "by_user")}
                                  for name, row in results.items()}}
        directory = os.path.dirname(arguments.results)
        if directory:
            os.makedirs(directory, exist_ok=True)
        temporary = arguments.results + ".tmp"
        with open(temporary, "w") as handle:
            json.dump(document, handle, indent=2, sort_keys=True)
            handle.write("\n")
        os.replace(temporary, arguments.results)


if __name__ == "__main__":
    main()
