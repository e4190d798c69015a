#!/usr/bin/env python3
"""Vowpal Wabbit `--cb_explore_adf` on the Elaro parent simulator, for comparison with `odml elaro simulate`.

How the environment is shared: `odml elaro simulate --environment ENV.json` exports every simulated
parent's latent parameters (focus preferences before/after drift, drift day, time-of-day
preferences, weekday/weekend bandwidth, sensitivities, per-action idiosyncrasy, child age, and the
per-day stress and mood paths). This script reads that file and Datasets/elaro/actions.json and
re-implements the same simulator logic (SimulatedParent.completionProbability, the
SignalsCalculator recursions for friction and novelty load, the skip/snooze split and the reward),
so VW runs online against the same parents and days. Only the Bernoulli draws differ (numpy
instead of SeededGenerator), so compare means with their intervals.

VW sees the same 19 features per candidate as our bandits (ElaroFeatures) plus the action id,
one workspace per parent (on-device learning), 1 decision per day.

Usage:
  .build/release/odml elaro simulate --parents 1000 --days 90 --policy linucb --seed 42 --environment /tmp/elaro_env.json
  /work/venv/bin/python Benchmarks/peers/elaro_vw.py --environment /tmp/elaro_env.json [--epsilon 0.05] [--workers 2] [--json]
"""
import argparse
import json
import math
import multiprocessing
import pathlib
import sys
import time

import numpy as np
import vowpalwabbit

FOCUS = ["connection", "routines", "emotions", "play", "autonomy", "self-care"]
SLOTS = ["morning", "afternoon", "evening"]


def load_actions(path):
    library = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    return library["contentVersion"], library["actions"]


def features(action, minutes, weekend, friction, novelty_load, active_focus):
    """ElaroFeatures.write, index for index."""
    x = [0.0] * 19
    x[0] = 1.0
    x[1 + FOCUS.index(action["focusArea"])] = 1.0
    if action["bestTimeOfDay"] == "any":
        x[7] = x[8] = x[9] = 1.0 / 3
    else:
        x[7 + SLOTS.index(action["bestTimeOfDay"])] = 1.0
    short = 1.0 if minutes == 5 else 0.0
    long = 1.0 if minutes == 20 else 0.0
    w = 1.0 if weekend else 0.0
    novelty = (action["novelty"] - 1) / 2
    effort = (action["effort"] - 1) / 2
    x[10], x[11], x[12], x[13] = short, long, w * long, w * short
    x[14], x[15] = novelty, novelty * novelty_load
    x[16], x[17] = effort, effort * friction
    x[18] = 1.0 if action["focusArea"] == active_focus else 0.0
    return x


def completion_probability(parent, action, action_index, minutes, day, novelty_load):
    """SimulatedParent.completionProbability."""
    focus = parent["focusAfter"] if day >= parent["driftDay"] else parent["focusBefore"]
    logit = parent["base"] + focus[FOCUS.index(action["focusArea"])]
    logit += 0.3 if action["focusArea"] == parent["activeFocus"] else 0.0
    if action["bestTimeOfDay"] == "any":
        logit += sum(parent["slotPreference"]) / 3
    else:
        logit += parent["slotPreference"][SLOTS.index(action["bestTimeOfDay"])]
    duration = 0.0 if minutes == 5 else (0.5 if minutes == 10 else 1.0)
    weekend = day % 7 >= 5
    bandwidth = parent["weekendBandwidth"] if weekend else parent["weekdayBandwidth"]
    logit -= parent["durationSensitivity"] * abs(duration - bandwidth)
    novelty = (action["novelty"] - 1) / 2
    effort = (action["effort"] - 1) / 2
    logit += parent["noveltyPreference"] * novelty - parent["fatigueSensitivity"] * novelty * novelty_load
    logit -= parent["effortSensitivity"] * effort * (0.5 + parent["stress"][min(day, len(parent["stress"]) - 1)])
    logit += parent["idiosyncrasy"][action_index] + parent["mood"][min(day, len(parent["mood"]) - 1)]
    return 1 / (1 + math.exp(-logit))


def adf_example(rows, ids, label=None):
    lines = ["shared |s c"]
    for index, (x, identifier) in enumerate(zip(rows, ids)):
        prefix = ""
        if label is not None and label[0] == index:
            prefix = f"0:{label[1]}:{label[2]} "
        feats = " ".join(f"f{j}:{v:.6g}" for j, v in enumerate(x) if v != 0)
        lines.append(f"{prefix}|a {feats} |i a{identifier}")
    return lines


def simulate_parent(job):
    """One parent, one VW workspace, `days` online decisions. Returns per-week done/offered/regret."""
    parent_index, parent, actions, days, epsilon, extra, seed = job
    rng = np.random.default_rng([seed, parent_index])
    week_count = (days + 6) // 7
    done_by_week = np.zeros(week_count)
    offered_by_week = np.zeros(week_count)
    regret_by_week = np.zeros(week_count)
    oracle = 0.0
    workspace = vowpalwabbit.Workspace(f"--cb_explore_adf --epsilon {epsilon} --quiet {extra}")
    eligible = [i for i, a in enumerate(actions)
                if a["contraindications"]["minimumChildAge"] <= parent["childAge"] <= a["contraindications"]["maximumChildAge"]]
    pairs = [(i, m) for i in eligible for m in (5, 10, 20)]
    ids = [i for i, _ in pairs]
    friction, novelty_load, last_day = 0.3, 0.0, None
    for day in range(days):
        load = novelty_load * (0.7 ** (day - last_day)) if last_day is not None else novelty_load
        weekend = day % 7 >= 5
        rows = [features(actions[i], m, weekend, friction, load, parent["activeFocus"]) for i, m in pairs]
        probabilities = [completion_probability(parent, actions[i], i, m, day, load) for i, m in pairs]
        best = max(probabilities)
        pmf = np.asarray(workspace.predict(adf_example(rows, ids)), dtype=float)
        pmf = pmf / pmf.sum()
        chosen = int(rng.choice(len(pairs), p=pmf))
        p = probabilities[chosen]
        if rng.random() < p:
            reward, done, friction_value = 1.0, True, 0.0
        elif rng.random() < 0.7:
            reward, done, friction_value = 0.0, False, 1.0
        else:
            reward, done, friction_value = 0.25, False, 0.5
        workspace.learn(adf_example(rows, ids, label=(chosen, -reward, pmf[chosen])))
        # SignalsCalculator recursions (friction index, novelty load).
        novelty_load = load
        friction = 0.8 * friction + 0.2 * friction_value
        if done:
            novelty_load += (actions[pairs[chosen][0]]["novelty"] - 1) / 2
        last_day = day
        week = day // 7
        done_by_week[week] += done
        offered_by_week[week] += 1
        regret_by_week[week] += best - p
        oracle += best
    workspace.finish()
    return done_by_week, offered_by_week, regret_by_week, oracle


def run(environment, actions, epsilon, extra, seed, parent_limit, workers):
    days = environment["days"]
    parents = environment["parents"][:parent_limit] if parent_limit else environment["parents"]
    jobs = [(index, parent, actions, days, epsilon, extra, seed) for index, parent in enumerate(parents)]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            outputs = pool.map(simulate_parent, jobs, chunksize=4)
    else:
        outputs = [simulate_parent(job) for job in jobs]
    n = len(parents)
    week_done = sum(o[0] for o in outputs)
    week_offered = sum(o[1] for o in outputs)
    week_regret = sum(o[2] for o in outputs)
    per_parent = np.asarray([o[0].sum() / days for o in outputs])
    cumulative = np.cumsum(week_regret) / n
    return {
        "policy": "vw_cb_explore_adf", "vw_args": f"--cb_explore_adf --epsilon {epsilon} {extra}".strip(),
        "parents": n, "days": days, "seed": seed,
        "completionRate": float(week_done.sum() / week_offered.sum()),
        "completionRateHalfWidth95": float(1.96 * per_parent.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0,
        "oracleCompletionRate": float(sum(o[3] for o in outputs) / week_offered.sum()),
        "meanCumulativeRegret": float(week_regret.sum() / n),
        "weeks": [{"week": w + 1, "completionRate": float(week_done[w] / week_offered[w]), "cumulativeRegret": float(cumulative[w])}
                  for w in range(len(week_done))],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--environment", required=True, help="JSON from odml elaro simulate --environment")
    parser.add_argument("--actions", default=str(pathlib.Path(__file__).resolve().parents[2] / "Datasets/elaro/actions.json"))
    parser.add_argument("--epsilon", type=float, default=0.05)
    parser.add_argument("--vw-extra", default="", help="extra VW arguments, e.g. '--squarecb' or '-q ai'")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--parents", type=int, default=0, help="use only the first N parents (0 = all)")
    parser.add_argument("--workers", type=int, default=1, help="processes (parents are independent)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    content_version, actions = load_actions(args.actions)
    environment = json.loads(pathlib.Path(args.environment).read_text())
    if environment["contentVersion"] != content_version:
        sys.exit(f"{args.environment}: contentVersion {environment['contentVersion']} does not match actions.json ({content_version})")
    start = time.time()
    result = run(environment, actions, args.epsilon, args.vw_extra, args.seed, args.parents, args.workers)
    result["seconds"] = time.time() - start
    if args.json:
        print(json.dumps(result))
    else:
        print(f"VW {result['vw_args']}: completion {result['completionRate']:.4f} ± {result['completionRateHalfWidth95']:.4f} "
              f"(oracle {result['oracleCompletionRate']:.4f}), mean cumulative regret {result['meanCumulativeRegret']:.2f} "
              f"over {result['days']} days ({result['seconds']:.1f} s)")
        print("  week: " + " ".join(f"{w['week']}:{w['completionRate']:.3f}" for w in result["weeks"]))


if __name__ == "__main__":
    main()
