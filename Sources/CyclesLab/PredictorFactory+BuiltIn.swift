import Cycles
import Foundation
import ModelFiles

/// The lab's names: the reference predictors that need a dataset's truth (`oracle`,
/// `ovulation-aware`) beside the calendar, the period-history model and the rules (`odml evaluate --model`, `odml compare --models`).
extension PredictorFactory {
    /// Names known without a model file.
    public static let builtInNames = ModelKindRegistry.builtIns.map(\.modelName) + ["oracle", "ovulation-aware"]

    /// The predictor called `name`; `dataset` gives the oracle and the ovulation-aware reference their truth.
    /// - Throws: `DatasetError.missingTruth` (oracle on data without truth), `.unknownModel`.
    public static func makePredictor(named name: String, dataset: CycleDataset) throws -> any CyclePredictor {
        if let builtIn = ModelKindRegistry.builtIn(named: name) { return builtIn.predictor }
        switch name {
        case "ovulation-aware": return try OvulationAwarePredictor(dataset: dataset)
        case "oracle": return try OracleEngine(dataset: dataset)
        case _ where name.hasSuffix(".odml"): return try makeModelFilePredictor(path: name)
        default: throw DatasetError.unknownModel(name: name, known: builtInNames)
        }
    }
}
