import BoostedTrees
import Cycles
import Explanations
import Foundation
import ModelFiles

/// Fine-tuning for the boosted-trees model: the population trees stay frozen and a few shallow
/// trees are boosted on her residuals `trueRemaining − predictedRemaining` (days, squared error),
/// over the same tabular features. Feedback weights enter by repeating a day `round(weight)` times
/// (the learner has no per-row weights).
package struct GBTResidualTuner: FineTuner {
    /// Learner settings of the personal trees (few, shallow, strongly regularised).
    package var parameters: GradientBoostingParameters

    package init(parameters: GradientBoostingParameters? = nil) {
        var defaults = GradientBoostingParameters()
        defaults.objective = .squaredError
        defaults.iterationCount = 8
        defaults.maximumLeafCount = 4
        defaults.maximumDepth = 2
        defaults.minimumDataInLeaf = 15
        defaults.l2 = 20
        defaults.learningRate = 0.3
        defaults.maximumBinCount = 32
        self.parameters = parameters ?? defaults
    }

    /// The strategy's name, as personal model files record it.
    package static let strategy = "gbt-residual"

    package var name: String { Self.strategy }

    package func fineTune(_ current: any CyclePredictor, on data: PersonalData) throws -> any CyclePredictor {
        guard let population = Self.gbt(in: current) else {
            throw PersonalizationError.unsupportedModel(path: current.name, detail: "\(Self.strategy) needs the boosted-trees model")
        }
        guard !data.labeledDays.isEmpty else {
            throw PersonalizationError.noHistory(user: data.userID, detail: "no complete cycle up to \(data.cutoff) to learn from")
        }
        var builder = TabularFeatureBuilder(history: data.history)
        var row = [Float](repeating: .nan, count: TabularFeatureBuilder.featureCount)
        var values: [Float] = []
        var labels: [Float] = []
        for labeled in data.labeledDays {
            builder.features(on: labeled.day, into: &row)
            let residual = Float(Double(labeled.day.distance(to: labeled.nextStart)) - population.predictedRemainingDays(features: row))
            for _ in 0..<max(1, Int(labeled.weight.rounded())) {
                values += row
                labels.append(residual)
            }
        }
        let matrix = try FeatureMatrix(values: values, rowCount: labels.count, featureCount: TabularFeatureBuilder.featureCount)
        let personal = try GradientBoosting.train(features: matrix, labels: labels, parameters: parameters)
        return GBTPersonalPredictor(population: population, personal: personal)
    }

    /// The boosted-trees model inside `model` (directly or behind a cache).
    static func gbt(in model: any CyclePredictor) -> GBTCyclePredictor? {
        if let gbt = model as? GBTCyclePredictor { return gbt }
        if let cached = model as? any CachedPredictor { return cached.base as? GBTCyclePredictor }
        return nil
    }
}

/// The population boosted trees plus her personal residual trees.
package struct GBTPersonalPredictor: CyclePredictor {
    /// The frozen population model.
    package let population: GBTCyclePredictor
    /// Her trees, predicting the days to add to the population's remaining days.
    package let personal: GradientBoostedModel

    package init(population: GBTCyclePredictor, personal: GradientBoostedModel) {
        self.population = population
        self.personal = personal
    }

    package var name: String { "gbt+personal" }

    package func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        var builder = TabularFeatureBuilder(history: history)
        var row = [Float](repeating: .nan, count: TabularFeatureBuilder.featureCount)
        var corrected: [CyclePrediction] = []
        corrected.reserveCapacity(days.count)
        for (day, prediction) in zip(days, try population.predictions(for: history, on: days, language: language)) {
            builder.features(on: day, into: &row)
            let remaining = population.predictedRemainingDays(features: row) + personal.predict(row)[0]
            var forecast = prediction
            forecast.moveNextPeriodStart(to: day.advanced(by: population.forecastDays(remaining: remaining, features: row)))
            corrected.append(forecast)
        }
        return corrected
    }
}

extension GBTPersonalPredictor {
    /// The property prefix of her trees in a personal model file.
    static let sectionName = "personal.period"

    /// Stores her trees in `file` (a population `cycle-gbt` file) as section `personal.period`.
    package func store(in file: inout ModelFile) {
        let carrier = GBTCyclePredictor(remaining: personal).modelFile()
        if let section = try? carrier.treeEnsemble("period") { file.setTreeEnsemble(Self.sectionName, section, layout: .compact) }
        for key in ["period.objective", "period.base_scores"] {
            file.header.properties["personal.\(key)"] = carrier.header.properties[key]
        }
    }

    /// Her trees from a personal `cycle-gbt` file, with the population model of the same file.
    package init?(modelFile file: ModelFile) throws {
        guard file.treeEnsembleNames.contains(Self.sectionName) else { return nil }
        var carrier = ModelFile(kind: ModelKind.cycleGBT.name)
        carrier.header.features = file.header.features
        carrier.setTreeEnsemble("period", try file.treeEnsemble(Self.sectionName))
        let levels = SymptomLevel.typicalValues.map { "\($0)" }.joined(separator: " ")
        carrier.header.properties = ["remaining_offset": "0", "uncertainty_days": "3", "energy_class_values": levels,
                                     "mood_class_values": levels, "feature_builder": "tabular-v1"]
        for key in ["period.objective", "period.base_scores"] {
            carrier.header.properties[key] = file.header.properties["personal.\(key)"]
        }
        self.init(population: try GBTCyclePredictor(modelFile: file), personal: try GBTCyclePredictor(modelFile: carrier).remaining)
    }
}
