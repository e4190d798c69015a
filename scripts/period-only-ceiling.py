#!/usr/bin/env python3
"""How far can any forecast from period logs alone go on real charts? Alert accuracy (the ±2-day
window around the alerted start holds the start) of three kinds of forecast, on each woman's
cycles in order, the first one from the 29-day population length, as `odml evaluate` scores them:

- the calendar: the last start + the median of her last <= 6 cycles (the `calendar` model);
- causal best windows: a smoothed density of her earlier cycles, pooled with the cohort's lengths,
  and the 5-day window holding most of it. Every bandwidth and pooling weight of the grid is
  scored on the very cycles it forecasts, so the best row is an optimistic bound for forecasts
  that only know her past;
- the same density from all her other cycles, later ones included (leave one cycle out): a bound
  that knows her future, which no app has.

    scripts/period-only-ceiling.py DATASET

DATASET is a dataset directory as `odml import` writes it; the numbers in
`Datasets/REFERENCE-STATISTICS.md` come from the Marquette charting cohort, imported by hand and
never committed:

    odml import fedcycle ../shared/realdata/FedCycleData071012.csv --out /tmp/marquette
    scripts/period-only-ceiling.py /tmp/marquette

A woman is irregular when the SD of her cycle lengths is over 3 d over >= 3 cycles. The best
window is the alert that maximises the hit probability even when updated every day on "not
started yet": an alert issued three days before the window's centre is a hit exactly when the
start falls in the window. Needs numpy; never run by tests.
"""
import argparse
import importlib.util
import os

import numpy as np

POPULATION_LENGTH = 29
CALENDAR_CYCLES = 6
LENGTHS = np.arange(10, 130)
BANDWIDTHS = (0.7, 1.0, 1.5, 2.0, 3.0)
POOLING_WEIGHTS = (0.5, 1.0, 2.0, 4.0, 8.0)


def read_lengths(directory):
    """Each woman's cycle lengths, read with the fitting script's start rule (one definition)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fit-cycle-length-prior.py")
    spec = importlib.util.spec_from_file_location("fit_cycle_length_prior", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {woman: lengths for woman, lengths in module.read_lengths(directory).items() if lengths}


def calendar_length(earlier):
    """The calendar's length: the median of the last <= 6 cycles, halves rounded up."""
    if not earlier:
        return POPULATION_LENGTH
    recent = sorted(earlier[-CALENDAR_CYCLES:])
    middle = len(recent) // 2
    median = recent[middle] if len(recent) % 2 else (recent[middle - 1] + recent[middle]) / 2
    return int(np.floor(median + 0.5))


def best_window(known, population, bandwidth, pooling):
    """The centre of the 5-day window holding most of a Gaussian-smoothed density of `known`,
    pooled with the cohort's length histogram (`population`, weight `pooling`)."""
    density = pooling * population
    if known:
        z = (LENGTHS[:, None] - np.asarray(known)[None, :]) / bandwidth
        density = density + np.exp(-0.5 * z * z).sum(axis=1) / bandwidth
    window = np.convolve(density, np.ones(5), mode="same")
    return int(LENGTHS[np.argmax(window)])


def score(women, forecast):
    """Alert accuracy on all women and on the irregular ones; `forecast(lengths, i)` gives cycle i's length."""
    hits, irregular_hits, irregular_count, count = 0, 0, 0, 0
    for lengths in women.values():
        irregular = len(lengths) >= 3 and np.std(lengths, ddof=1) > 3
        for i, length in enumerate(lengths):
            hit = abs(length - forecast(lengths, i)) <= 2
            hits += hit
            count += 1
            if irregular:
                irregular_hits += hit
                irregular_count += 1
    return hits / count, irregular_hits / irregular_count, count, irregular_count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset")
    women = read_lengths(parser.parse_args().dataset)
    every = np.concatenate([np.asarray(v) for v in women.values()])
    population = np.array([(every == n).sum() for n in LENGTHS], dtype=float) / len(every)
    calendar = score(women, lambda lengths, i: calendar_length(lengths[:i]))
    print(f"{len(women)} women, {calendar[2]} scored cycles ({calendar[3]} of irregular women)")
    print(f"{'forecast':46} {'all':>6} {'irregular':>9}")
    print(f"{'calendar':46} {calendar[0]:6.3f} {calendar[1]:9.3f}")
    for name, known in (("causal best window", lambda lengths, i: lengths[:i]),
                        ("best window knowing her later cycles", lambda lengths, i: lengths[:i] + lengths[i + 1:])):
        rows = []
        for bandwidth in BANDWIDTHS:
            for pooling in POOLING_WEIGHTS:
                def forecast(lengths, i):
                    return best_window(known(lengths, i), population, bandwidth, pooling)
                rows.append((score(women, forecast), bandwidth, pooling))
        best = max(rows, key=lambda row: row[0][0])
        best_irregular = max(rows, key=lambda row: row[0][1])
        print(f"{name + ', best of the grid':46} {best[0][0]:6.3f} {best_irregular[0][1]:9.3f}"
              f"   (all: bandwidth {best[1]}, pooling {best[2]}; irregular: {best_irregular[1]}, {best_irregular[2]})")


if __name__ == "__main__":
    main()
