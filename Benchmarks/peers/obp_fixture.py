#!/usr/bin/env python3
"""Off-policy evaluation fixture from the Open Bandit Dataset sample that ships inside `obp`.

The sample (ZOZOTOWN, campaign "all": 10,000 impressions logged by a uniformly random policy over
80 items at 3 positions) is CC BY 4.0 (Saito et al., "Open Bandit Dataset and Pipeline", 2021).
The target policy is ZOZOTOWN's Bernoulli Thompson Sampling (BTS, its production prior), valued
from the random logs exactly as OBP's own quick-start does:

  * target probabilities: `BernoulliTS(...).compute_batch_action_dist(n_sim=100_000)` (OBP's
    Monte-Carlo action distribution, shape n × 80 × 3);
  * reward estimates: OBP's `RegressionModel` with a logistic regression, 3-fold cross-fitting.

Run in a Python 3.10 virtualenv with `pip install obp matplotlib==3.7.5`, from the repository root:
    python Benchmarks/peers/obp_fixture.py
It writes, under Tests/BanditsTests/Fixtures/:
  - obd_random_all.csv: the generic off-policy log `odml bandit ope --log` reads, one logged
    impression per row: action, position, reward, propensity, x_0..x_19 (OBP's one-hot user
    context), target_propensity (BTS's π(a_i | x_i, position_i)), estimated_reward (q̂(x_i, a_i,
    position_i)) and target_expected_reward (Σ_a π(a | x_i, position_i) q̂(x_i, a, position_i), as
    OBP's `np.average` computes it). Floats are written with `repr` (shortest round trip), so the
    Swift reader gets the same float64 values;
  - obd_ope_reference.json: OBP's estimates on those rows (IPW, SNIPW, DM, DR, Switch-DR and DRos
    with the hyper-parameters recorded beside them) and BTS's on-policy value (mean click of the
    BTS sample), with the versions of obp, numpy and scikit-learn.
`Benchmarks/peers/obd_replay.py` replays LinUCB on the CSV this script writes.
"""
import json
import os

import numpy as np
import obp
import sklearn
from obp.dataset import OpenBanditDataset
from obp.ope import (DirectMethod, DoublyRobust, DoublyRobustWithShrinkage, InverseProbabilityWeighting,
                     OffPolicyEvaluation, RegressionModel, SelfNormalizedInverseProbabilityWeighting,
                     SwitchDoublyRobust)
from obp.policy import BernoulliTS
from sklearn.linear_model import LogisticRegression

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "BanditsTests", "Fixtures")
SEED = 12345
SIMULATIONS = 100_000
# The hyper-parameters `odml bandit ope` uses by default (`OffPolicyEvaluation.Settings`).
SWITCH_THRESHOLD = 10.0
SHRINKAGE = 100.0


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    dataset = OpenBanditDataset(behavior_policy="random", campaign="all")
    feedback = dataset.obtain_batch_bandit_feedback()
    n = feedback["n_rounds"]
    policy = BernoulliTS(n_actions=dataset.n_actions, len_list=dataset.len_list, is_zozotown_prior=True,
                         campaign="all", random_state=SEED)
    action_dist = policy.compute_batch_action_dist(n_sim=SIMULATIONS, n_rounds=n)
    regression = RegressionModel(n_actions=dataset.n_actions, len_list=dataset.len_list,
                                 action_context=dataset.action_context,
                                 base_model=LogisticRegression(max_iter=1000, random_state=SEED))
    q_hat = regression.fit_predict(context=feedback["context"], action=feedback["action"],
                                   reward=feedback["reward"], position=feedback["position"],
                                   pscore=feedback["pscore"], n_folds=3, random_state=SEED)
    rows = np.arange(n)
    action, position = feedback["action"], feedback["position"]
    target_propensity = action_dist[rows, action, position]
    estimated_reward = q_hat[rows, action, position]
    target_expected_reward = np.average(q_hat[rows, :, position], weights=action_dist[rows, :, position], axis=1)

    context = feedback["context"]
    header = ["action", "position", "reward", "propensity"] + [f"x_{j}" for j in range(context.shape[1])] \
        + ["target_propensity", "estimated_reward", "target_expected_reward"]
    with open(os.path.join(FIXTURES, "obd_random_all.csv"), "w") as f:
        f.write(",".join(header) + "\n")
        for i in range(n):
            fields = [str(int(action[i])), str(int(position[i])), str(int(feedback["reward"][i])),
                      repr(float(feedback["pscore"][i]))]
            fields += [str(int(v)) for v in context[i]]
            fields += [repr(float(target_propensity[i])), repr(float(estimated_reward[i])),
                       repr(float(target_expected_reward[i]))]
            f.write(",".join(fields) + "\n")

    estimators = {
        "ips": InverseProbabilityWeighting(),
        "snips": SelfNormalizedInverseProbabilityWeighting(),
        "dm": DirectMethod(),
        "dr": DoublyRobust(),
        "switch_dr": SwitchDoublyRobust(lambda_=SWITCH_THRESHOLD),
        "dros": DoublyRobustWithShrinkage(lambda_=SHRINKAGE),
    }
    names = {}
    for key, estimator in estimators.items():
        names[estimator.estimator_name] = key
    ope = OffPolicyEvaluation(bandit_feedback=feedback, ope_estimators=list(estimators.values()))
    values = ope.estimate_policy_values(action_dist=action_dist, estimated_rewards_by_reg_model=q_hat)
    reference = {
        "source": "Open Bandit Dataset sample shipped in obp (campaign all, random logs), CC BY 4.0",
        "target_policy": "BernoulliTS(is_zozotown_prior=True, campaign='all', random_state=12345), "
                         f"compute_batch_action_dist(n_sim={SIMULATIONS})",
        "reward_model": "RegressionModel(LogisticRegression(max_iter=1000, random_state=12345)), n_folds=3",
        "rows": int(n),
        "switch_threshold": SWITCH_THRESHOLD,
        "shrinkage": SHRINKAGE,
        "estimates": {names[name]: float(value) for name, value in values.items()},
        "bts_on_policy_value": float(OpenBanditDataset.calc_on_policy_policy_value_estimate(
            behavior_policy="bts", campaign="all")),
        "versions": {"obp": obp.__version__, "numpy": np.__version__, "scikit-learn": sklearn.__version__},
    }
    with open(os.path.join(FIXTURES, "obd_ope_reference.json"), "w") as f:
        json.dump(reference, f, indent=2, sort_keys=True)
        f.write("\n")
    print(json.dumps(reference["estimates"], sort_keys=True))


if __name__ == "__main__":
    main()
