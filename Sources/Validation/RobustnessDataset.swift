import Cycles
import CyclesLab

/// A dataset added as a row of the robustness panel (`odml validate --robustness-data`), e.g.
/// real charts imported with `odml import`.
public struct RobustnessDataset: Sendable {
    /// Row name (the directory's name).
    public var name: String
    /// The users; truth is optional (the panel's columns need none).
    public var dataset: CycleDataset

    /// Creates a panel dataset.
    public init(name: String, dataset: CycleDataset) {
        self.name = name
        self.dataset = dataset
    }
}
