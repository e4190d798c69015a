import Cycles
import Foundation
import CyclesLab

/// A model the gates are checked on: its predictor and, for shipped models, its file.
public struct ValidationCandidate: Sendable {
    /// Column name in the report (the predictor's name unless two candidates share it).
    public var name: String
    /// The predictor.
    public var predictor: any CyclePredictor
    /// The model file it was loaded from (`nil` for built-in predictors: no size is measured).
    public var file: URL?

    /// Creates a candidate named `name` (default: the predictor's name).
    public init(predictor: any CyclePredictor, file: URL? = nil, name: String? = nil) {
        self.predictor = predictor
        self.file = file
        self.name = name ?? predictor.name
    }
}
