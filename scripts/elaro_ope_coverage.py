#!/usr/bin/env python3
"""Coverage of `odml bandit ope` on decision logs written by `odml elaro simulate`.

For each seed and each target policy (linucb, thompson, rules, random), `odml elaro simulate`
runs the logging policy (uniformly random by default) on simulated parents and writes the decision
log with the target's probabilities, reporting the target's true value on the logged contexts;
`odml bandit ope --log … --json` then estimates it. The script counts, per estimator, how often the
95 % interval covers the true value, and fails unless IPS, SNIPS and DR cover it at the nominal
rate less 10 points (>= 85 %).

Usage: scripts/elaro_ope_coverage.py --odml .build/release/odml [--seeds 20] [--parents 100] [--days 60]
Python 3 standard library only; prints one JSON line per (seed, target) and a summary table.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

TARGETS = ["linucb", "thompson", "rules", "random"]
ESTIMATORS = ["ips", "snips", "dm", "dr", "switch_dr", "dros"]
CHECKED = ["ips", "snips", "dr"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--odml", default=".build/release/odml")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--parents", type=int, default=100)
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--logging", default="random")
    parser.add_argument("--reward-model", default="ridge")
    arguments = parser.parse_args()
    covered = {estimator: 0 for estimator in ESTIMATORS}
    per_target = {(target, estimator): 0 for target in TARGETS for estimator in ESTIMATORS}
    total = 0
    with tempfile.TemporaryDirectory(prefix="elaro-ope-coverage-") as scratch:
        log = os.path.join(scratch, "decisions.jsonl")
        for seed in range(1, arguments.seeds + 1):
            for target in TARGETS:
                simulate = subprocess.run(
                    [arguments.odml, "elaro", "simulate", "--parents", str(arguments.parents), "--days", str(arguments.days),
                     "--policy", arguments.logging, "--seed", str(seed), "--decision-log", log, "--target", target, "--json"],
                    capture_output=True, text=True, check=True)
                truth = json.loads(simulate.stdout.splitlines()[0])["target"]["trueValue"]
                ope = subprocess.run([arguments.odml, "bandit", "ope", "--log", log, "--reward-model", arguments.reward_model,
                                      "--seed", str(seed), "--json"], capture_output=True, text=True, check=True)
                report = json.loads(ope.stdout)
                hits = {}
                for estimator in ESTIMATORS:
                    low, high = report[estimator]["ci95"]
                    hits[estimator] = low <= truth <= high
                    covered[estimator] += hits[estimator]
                    per_target[(target, estimator)] += hits[estimator]
                total += 1
                print(json.dumps({"seed": seed, "target": target, "true_value": truth, "rows": report["rows"],
                                  "effective_sample_size": report["effective_sample_size"],
                                  "estimates": {e: report[e] for e in ESTIMATORS}, "covered": hits}), flush=True)
    print(f"coverage of the 95 % intervals over {arguments.seeds} seeds ({arguments.parents} parents x {arguments.days} days, "
          f"{arguments.logging} logging, {arguments.reward_model} reward model):")
    print("target    " + " ".join(f"{e:>9}" for e in ESTIMATORS))
    for target in TARGETS:
        print(f"{target:<10}" + " ".join(f"{per_target[(target, e)] / arguments.seeds:9.2f}" for e in ESTIMATORS))
    print(f"{'all':<10}" + " ".join(f"{covered[e] / total:9.2f}" for e in ESTIMATORS))
    failing = [e for e in CHECKED if covered[e] / total < 0.85]
    if failing:
        print(f"below the nominal rate less 10 points: {', '.join(failing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
