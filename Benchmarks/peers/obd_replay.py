#!/usr/bin/env python3
"""Reference rejection-sampling replay (Li et al. 2011) of a deterministic LinUCB on the Open Bandit
Dataset's uniformly random logs, for `odml bandit replay`'s parity test.

Run after `obp_fixture.py` (numpy only), from the repository root:
    python Benchmarks/peers/obd_replay.py
It reads Tests/BanditsTests/Fixtures/obd_random_all.csv (CC BY 4.0, see obd_ope_reference.json)
and writes Tests/BanditsTests/Fixtures/obd_linucb_replay.json: the kept events (their count and
their 0-based data-row indices), their clicks and the replayed value (clicks / kept events).

The policy, in float64, is disjoint LinUCB (Li et al. 2010, Algorithm 1) with α = 1 and λ = 1 over
the row's `x_…` context: one ridge model per arm (arms are the distinct actions in increasing
order), score(a) = θ_aᵀx + α √(xᵀA_a⁻¹x) with θ_a = A_a⁻¹ b_a, ties to the lowest index. The
replay walks the log in file order; an event is kept when the policy's arm equals the logged
action, and only kept events update the policy (A_a⁻¹ by Sherman–Morrison, b_a += r x).
Positions are ignored: each logged impression is one event.
"""
import csv
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "BanditsTests", "Fixtures")
ALPHA = 1.0
REGULARIZATION = 1.0


def main():
    with open(os.path.join(FIXTURES, "obd_random_all.csv")) as f:
        rows = list(csv.DictReader(f))
    context_columns = [name for name in rows[0] if name.startswith("x_")]
    actions = np.array([int(row["action"]) for row in rows])
    rewards = np.array([float(row["reward"]) for row in rows])
    contexts = np.array([[float(row[name]) for name in context_columns] for row in rows])
    arms = sorted(set(actions.tolist()))
    arm_of_action = {action: index for index, action in enumerate(arms)}
    d = contexts.shape[1]
    inverses = [np.eye(d) / REGULARIZATION for _ in arms]
    targets = [np.zeros(d) for _ in arms]
    kept, clicks, kept_rows = 0, 0.0, []
    for row, (x, action, reward) in enumerate(zip(contexts, actions, rewards)):
        scores = np.empty(len(arms))
        for arm in range(len(arms)):
            theta = inverses[arm] @ targets[arm]
            scores[arm] = theta @ x + ALPHA * np.sqrt(x @ inverses[arm] @ x)
        chosen = int(np.argmax(scores))   # the first maximum: ties go to the lowest index
        if chosen != arm_of_action[int(action)]:
            continue
        kept += 1
        clicks += reward
        kept_rows.append(row)
        u = inverses[chosen] @ x
        inverses[chosen] = inverses[chosen] - np.outer(u, u) / (1.0 + x @ u)
        targets[chosen] = targets[chosen] + reward * x
    result = {
        "policy": "linucb", "alpha": ALPHA, "regularization": REGULARIZATION,
        "rows": len(rows), "kept_events": kept, "clicks": clicks, "value": clicks / kept if kept else None,
        "kept_rows": kept_rows,
    }
    with open(os.path.join(FIXTURES, "obd_linucb_replay.json"), "w") as f:
        json.dump(result, f, indent=2, sort_keys=True)
        f.write("\n")
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
