#!/usr/bin/env python3
"""Vowpal Wabbit `--cb_explore_adf` on the Elaro parent simulator, for comparison with `odml elaro simulate`.

How the environment is shared: `odml elaro simulate --environment ENV.json` exports every simulated
parent's latent parameters (focus preferences before/after drift, drift day, time-of-day
preferences, weekday/weekend bandwidth, sensitivities, per-action idiosyncrasy, child age, and the
per-day stress and mood paths). This script reads that file and Sources/Elaro/Content/actions.json and
re-implements the same simulator logic (SimulatedParent.completionProbability, the
SignalsCalculator recursions for friction and novelty load, the skip/snooze split and the reward),
so VW runs online against the same parents and days. Only the Bernoulli draws differ (numpy
instead of SeededGenerator), so compare means with their intervals.

VW sees the same information as our hybrid LinUCB (ElaroLearner): the same 19 features per
candidate (ElaroFeatures, namespace `a`; the context — weekend, friction, novelty load, active
focus — is already crossed into them) plus the action id (namespace `i`, LinUCB's per-arm bias),
one workspace per parent (on-device learning), 1 decision per day.

Default VW setting (chosen on the seed-7 environment, first 60-100 parents; reported on seed 42):
`--cb_explore_adf --epsilon 0.05 -l 5` with cost = 1 − reward (VW's usual cost range [0, 1]: an
untried action's initial prediction 0 is then optimistic). Tuning results (completion rate over
90 days; LinUCB on the same parents for reference is in Datasets/elaro/README.md):

  cost −reward:  --epsilon 0.05 (old default) 0.379 (100 parents) · --cb_type dm 0.369 · ips 0.387 ·
                 dr 0.393 · --squarecb --gamma_scale 10/100/1000 0.335/0.366/0.386 · -l 2 0.413 (60) ·
                 --power_t 0 -l 0.5 0.389 · --regcbopt 0.332 · --coin 0.381
  cost 1−reward (60 parents): --epsilon 0.05 0.462 · -l 2 0.490 · -l 5 0.495 · -l 10 0.474 ·
                 --cb_type dr 0.396 · dm 0.379 · --squarecb --gamma_scale 100 0.408 ·
                 --power_t 0 -l 0.1 / -l 0.5 0.445 / 0.438 · --power_t 0.25 -l 2 0.471
  (cost shift 0.5: 0.446.)

Usage:
  .build/release/odml elaro simulate --parents 1000 --days 90 --policy linucb --seed 42 --environment /tmp/elaro_env.json
  /work/venv/bin/python Benchmarks/peers/elaro_vw.py --environment /tmp/elaro_env.json [--vw "ARGS"] [--cost-shift 1]
      [--first-parent 0] [--parents 200] [--workers 1] [--json]
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
DEFAULT_VW_ARGS = "--cb_explore_adf --epsilon 0.05 -l 5"
DEFAULT_COST_SHIFT = 1.0


def load_actions(path):
    library = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    return library["contentVersion"], library["actions"]


class ParentReplay:
    """One simulated parent's eligible (action, variant) pairs with everything that does not change
    from day to day precomputed: the static part of each candidate's VW line and of its logit."""

    def __init__(self, parent, actions):
        self.parent = parent
        eligible = [i for i, a in enumerate(actions)
                    if a["contraindications"]["minimumChildAge"] <= parent["childAge"] <= a["contraindications"]["maximumChildAge"]]
        self.pairs = [(i, m) for i in eligible for m in (5, 10, 20)]
        chosen = [actions[i] for i, _ in self.pairs]
        minutes = np.asarray([m for _, m in self.pairs])
        focus = np.asarray([FOCUS.index(a["focusArea"]) for a in chosen])
        self.novelty = np.asarray([(a["novelty"] - 1) / 2 for a in chosen])
        self.effort = np.asarray([(a["effort"] - 1) / 2 for a in chosen])
        self.duration = np.where(minutes == 5, 0.0, np.where(minutes == 10, 0.5, 1.0))
        slot = np.asarray([sum(parent["slotPreference"]) / 3 if a["bestTimeOfDay"] == "any"
                           else parent["slotPreference"][SLOTS.index(a["bestTimeOfDay"])] for a in chosen])
        in_focus = np.asarray([a["focusArea"] == parent["activeFocus"] for a in chosen])
        static = (parent["base"] + 0.3 * in_focus + slot + parent["noveltyPreference"] * self.novelty
                  + np.asarray([parent["idiosyncrasy"][i] for i, _ in self.pairs]))
        self.logit_before = static + np.asarray(parent["focusBefore"])[focus]
        self.logit_after = static + np.asarray(parent["focusAfter"])[focus]
        # ElaroFeatures.write, index for index: x0 bias, x1-6 focus, x7-9 part of day, x10 short,
        # x11 long, x12 weekend×long, x13 weekend×short, x14 novelty, x15 novelty×load, x16 effort,
        # x17 effort×friction, x18 in the active focus. Dynamic: x12, x13 (weekend), x15, x17.
        self.lines = {}
        for weekend in (False, True):
            rows = []
            for (i, m), a, nov, eff, focused in zip(self.pairs, chosen, self.novelty, self.effort, in_focus):
                x = {0: 1.0, 1 + FOCUS.index(a["focusArea"]): 1.0}
                if a["bestTimeOfDay"] == "any":
                    x[7] = x[8] = x[9] = 1.0 / 3
                else:
                    x[7 + SLOTS.index(a["bestTimeOfDay"])] = 1.0
                x[10], x[11] = float(m == 5), float(m == 20)
                x[12], x[13] = float(weekend and m == 20), float(weekend and m == 5)
                x[14], x[16], x[18] = nov, eff, float(focused)
                head = " ".join(f"f{j}:{v:.6g}" for j, v in sorted(x.items()) if v != 0)
                rows.append((f"|a {head}", f" |i a{i}"))
            self.lines[weekend] = rows

    def example(self, weekend, friction, novelty_load, label=None):
        """The day's ADF example: a shared line, then one line per candidate (`label`: chosen index, cost, probability)."""
        lines = ["shared |s c"]
        for index, ((head, tail), nov, eff) in enumerate(zip(self.lines[weekend], self.novelty, self.effort)):
            dynamic = ""
            if nov * novelty_load != 0:
                dynamic += f" f15:{nov * novelty_load:.6g}"
            if eff * friction != 0:
                dynamic += f" f17:{eff * friction:.6g}"
            prefix = f"0:{label[1]}:{label[2]} " if label is not None and label[0] == index else ""
            lines.append(prefix + head + dynamic + tail)
        return lines

    def completion_probabilities(self, day, novelty_load):
        """SimulatedParent.completionProbability of every pair."""
        parent = self.parent
        logit = (self.logit_after if day >= parent["driftDay"] else self.logit_before).copy()
        bandwidth = parent["weekendBandwidth"] if day % 7 >= 5 else parent["weekdayBandwidth"]
        logit -= parent["durationSensitivity"] * np.abs(self.duration - bandwidth)
        logit -= parent["fatigueSensitivity"] * self.novelty * novelty_load
        logit -= parent["effortSensitivity"] * self.effort * (0.5 + parent["stress"][min(day, len(parent["stress"]) - 1)])
        logit += parent["mood"][min(day, len(parent["mood"]) - 1)]
        return 1 / (1 + np.exp(-logit))


def simulate_parent(job):
    """One parent, one VW workspace, `days` online decisions. Returns per-week done/offered/regret."""
    parent_index, parent, actions, days, vw_args, cost_shift, seed = job
    rng = np.random.default_rng([seed, parent_index])
    week_count = (days + 6) // 7
    done_by_week = np.zeros(week_count)
    offered_by_week = np.zeros(week_count)
    regret_by_week = np.zeros(week_count)
    oracle = 0.0
    workspace = vowpalwabbit.Workspace(f"{vw_args} --quiet")
    replay = ParentReplay(parent, actions)
    pairs = replay.pairs
    friction, novelty_load, last_day = 0.3, 0.0, None
    for day in range(days):
        load = novelty_load * (0.7 ** (day - last_day)) if last_day is not None else novelty_load
        weekend = day % 7 >= 5
        probabilities = replay.completion_probabilities(day, load)
        best = float(probabilities.max())
        pmf = np.asarray(workspace.predict(replay.example(weekend, friction, load)), dtype=float)
        pmf = pmf / pmf.sum()
        chosen = int(rng.choice(len(pairs), p=pmf))
        p = float(probabilities[chosen])
        if rng.random() < p:
            reward, done, friction_value = 1.0, True, 0.0
        elif rng.random() < 0.7:
            reward, done, friction_value = 0.0, False, 1.0
        else:
            reward, done, friction_value = 0.25, False, 0.5
        workspace.learn(replay.example(weekend, friction, load, label=(chosen, cost_shift - reward, pmf[chosen])))
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


def run(environment, actions, vw_args, cost_shift, seed, parent_range, workers):
    days = environment["days"]
    first, last = parent_range
    parents = environment["parents"][first:last or None]
    jobs = [(first + index, parent, actions, days, vw_args, cost_shift, seed) for index, parent in enumerate(parents)]
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
        "policy": "vw_cb_explore_adf", "vw_args": vw_args, "costShift": cost_shift,
        "parents": n, "firstParent": first, "days": days, "seed": seed,
        "completionRate": float(week_done.sum() / week_offered.sum()),
        "completionRateHalfWidth95": float(1.96 * per_parent.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0,
        "oracleCompletionRate": float(sum(o[3] for o in outputs) / week_offered.sum()),
        "meanCumulativeRegret": float(week_regret.sum() / n),
        "parentCompletionRates": [float(rate) for rate in per_parent],
        "parentCumulativeRegrets": [float(o[2].sum()) for o in outputs],
        "weeks": [{"week": w + 1, "completionRate": float(week_done[w] / week_offered[w]), "cumulativeRegret": float(cumulative[w])}
                  for w in range(len(week_done))],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--environment", required=True, help="JSON from odml elaro simulate --environment")
    parser.add_argument("--actions", default=str(pathlib.Path(__file__).resolve().parents[2] / "Sources/Elaro/Content/actions.json"))
    parser.add_argument("--vw", default=DEFAULT_VW_ARGS, help=f"VW arguments (default: {DEFAULT_VW_ARGS})")
    parser.add_argument("--cost-shift", type=float, default=DEFAULT_COST_SHIFT,
                        help=f"VW's cost is this minus the reward (default: {DEFAULT_COST_SHIFT})")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--parents", type=int, default=0, help="use N parents from --first-parent on (0 = all)")
    parser.add_argument("--first-parent", type=int, default=0, help="skip the parents before this index")
    parser.add_argument("--workers", type=int, default=1, help="processes (parents are independent)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    content_version, actions = load_actions(args.actions)
    environment = json.loads(pathlib.Path(args.environment).read_text())
    if environment["contentVersion"] != content_version:
        sys.exit(f"{args.environment}: contentVersion {environment['contentVersion']} does not match actions.json ({content_version})")
    start = time.time()
    result = run(environment, actions, args.vw, args.cost_shift, args.seed,
                 (args.first_parent, args.first_parent + args.parents if args.parents else 0), args.workers)
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
