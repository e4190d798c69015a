import Elaro

/// The policies the parent simulator can run.
public enum SimulationPolicy: String, Sendable, Codable, CaseIterable {
    /// Hybrid LinUCB (`ElaroLearner`), ε-greedy over upper confidence bounds.
    case linucb
    /// Linear Thompson sampling over `ElaroFeatures`.
    case thompson
    /// The Daily Recommender with cold-start priors and signals but no learned model (softmax first pick).
    case rules
    /// Uniform over the eligible candidates.
    case random
}
