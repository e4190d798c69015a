// Elaro's runtime: `import ElaroRuntime` gives what the parenting-habit coach runs on the phone —
// the daily recommender, its contextual bandit and the reasons it gives — and none of the cycle
// engine, the lab or the tools.
@_exported import Elaro
@_exported import Explanations
