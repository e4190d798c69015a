import BoostedTrees
import Foundation
import ModelFiles

/// Saving and loading the GBT predictor as an `.odml` model file (kind `cycle-gbt`): one
/// tree-ensemble section per model (`period`, `ovulation`, `energy`, `mood`, `alert`), feature names and
/// groups in the header, and the objectives, base scores and calibration in its properties.
extension GBTCyclePredictor {
    package static let sectionNames = ["period", "ovulation", "energy", "mood", "alert"]

    /// The predictor as a model file (leaf values and covers stored as `Float`).
    package func modelFile(metrics: [String: Double] = [:]) -> ModelFile {
        var file = ModelFile(kind: ModelKind.cycleGBT.name)
        file.header.features = TabularFeatureBuilder.features.map { FeatureSpec(name: $0.name, group: $0.group.rawValue) }
        file.header.metrics = metrics
        var properties: [String: String] = [
            "remaining_offset": "\(remainingOffset)",
            "alert_threshold": "\(alertThreshold)",
            "uncertainty_days": "\(uncertaintyDays)",
            "energy_class_values": energyClassValues.map { "\($0)" }.joined(separator: " "),
            "mood_class_values": moodClassValues.map { "\($0)" }.joined(separator: " "),
            "feature_builder": TabularFeatureBuilder.version,
        ]
        for (name, model) in zip(GBTCyclePredictor.sectionNames, [remaining, ovulationPassed, energyTomorrow, moodTomorrow, alertTiming]) {
            guard let model else { continue }
            file.setTreeEnsemble(name, GBTCyclePredictor.section(from: model.ensemble), layout: .compact)
            properties["\(name).objective"] = model.objective.lightGBMName
            properties["\(name).base_scores"] = model.baseScores.map { "\($0)" }.joined(separator: " ")
        }
        file.header.properties = properties
        return file
    }

    /// Writes the predictor to `url` atomically.
    package func save(to url: URL, metrics: [String: Double] = [:]) throws {
        try modelFile(metrics: metrics).write(to: url)
    }

    /// Reads a predictor written by `save(to:)`.
    public static func load(from url: URL) throws -> GBTCyclePredictor {
        try GBTCyclePredictor(modelFile: ModelFile.read(from: url))
    }

    /// Rebuilds a predictor from a model file; throws `ModelFileError` naming the bad field.
    public init(modelFile file: ModelFile) throws {
        guard file.header.kind == ModelKind.cycleGBT.name else {
            throw ModelFileError.invalidHeader(reason: "kind is \"\(file.header.kind)\", expected \"\(ModelKind.cycleGBT.name)\"")
        }
        let expectedNames = TabularFeatureBuilder.features.map(\.name)
        guard file.header.features.map(\.name) == expectedNames else {
            throw ModelFileError.invalidHeader(reason: "features are [\(file.header.features.prefix(3).map(\.name).joined(separator: ", "))…] (\(file.header.features.count)), expected the \(expectedNames.count) features of \(TabularFeatureBuilder.version) (retrain a file written by an older build)")
        }
        let properties = file.header.properties
        func numbers(_ key: String) throws -> [Double] {
            guard let text = properties[key] else { throw ModelFileError.invalidHeader(reason: "property \(key) is missing") }
            let values = text.split(separator: " ").compactMap { Double($0) }
            guard values.count == text.split(separator: " ").count, !values.isEmpty else {
                throw ModelFileError.invalidHeader(reason: "property \(key) = \"\(text)\" is not a list of numbers")
            }
            return values
        }
        func model(_ name: String) throws -> GradientBoostedModel? {
            guard file.treeEnsembleNames.contains(name) else { return nil }
            let section = try file.treeEnsemble(name)
            guard let objectiveName = properties["\(name).objective"],
                  let objective = ObjectiveKind(lightGBMName: objectiveName, classCount: Int(objectiveName.split(separator: ":").last ?? "") ?? 1) else {
                throw ModelFileError.invalidHeader(reason: "property \(name).objective is missing or unknown")
            }
            let base = try numbers("\(name).base_scores")
            guard base.count == objective.classCount else {
                throw ModelFileError.invalidHeader(reason: "property \(name).base_scores has \(base.count) values, expected \(objective.classCount)")
            }
            return GradientBoostedModel(ensemble: try GBTCyclePredictor.ensemble(from: section, name: name), objective: objective,
                                        baseScores: base, featureNames: expectedNames)
        }
        guard let remaining = try model("period") else { throw ModelFileError.missingSection(name: "period") }
        self.init(remaining: remaining, ovulationPassed: try model("ovulation"), energyTomorrow: try model("energy"),
                  moodTomorrow: try model("mood"), alertTiming: try model("alert"),
                  alertThreshold: properties["alert_threshold"] == nil ? 0 : try numbers("alert_threshold")[0],
                  remainingOffset: try numbers("remaining_offset")[0],
                  uncertaintyDays: try numbers("uncertainty_days")[0],
                  energyClassValues: try numbers("energy_class_values"), moodClassValues: try numbers("mood_class_values"))
    }

    /// Our ensemble (tree-relative children) as the file's section (absolute children, `Float` values).
    static func section(from ensemble: TreeEnsemble) -> TreeEnsembleSection {
        var left = ensemble.left, right = ensemble.right
        for tree in 0..<ensemble.treeCount {
            let start = ensemble.treeStarts[tree]
            for node in Int(start)..<Int(ensemble.treeStarts[tree + 1]) where ensemble.feature[node] >= 0 {
                left[node] += start
                right[node] += start
            }
        }
        return TreeEnsembleSection(treeStarts: Array(ensemble.treeStarts.dropLast()), feature: ensemble.feature,
                                   threshold: ensemble.threshold, left: left, right: right,
                                   value: ensemble.value.map { Float($0) }, cover: ensemble.cover.map { Float($0) },
                                   defaultLeft: ensemble.defaultLeft.map { $0 ? 1 : 0 },
                                   categorical: ensemble.isCategorical.map { $0 ? 1 : 0 })
    }

    /// The file's section as our ensemble; trees must occupy consecutive node ranges.
    static func ensemble(from section: TreeEnsembleSection, name: String) throws -> TreeEnsemble {
        let starts = section.treeStarts + [Int32(section.nodeCount)]
        guard starts.first == 0, zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw ModelFileError.malformedSection(section: name, reason: "tree roots must start at 0 and increase (one node range per tree)")
        }
        var left = section.left, right = section.right
        for tree in 0..<section.treeCount {
            for node in Int(starts[tree])..<Int(starts[tree + 1]) where section.feature[node] >= 0 {
                left[node] -= starts[tree]
                right[node] -= starts[tree]
            }
        }
        do {
            return try TreeEnsemble(treeStarts: starts, feature: section.feature, threshold: section.threshold, left: left, right: right,
                                    value: section.value.map { Double($0) }, cover: section.cover.map { Double($0) },
                                    defaultLeft: section.defaultLeft.map { $0 != 0 },
                                    isCategorical: section.categorical.map { $0 != 0 })
        } catch let error as BoostedTreesError {
            throw ModelFileError.malformedSection(section: name, reason: error.description)
        }
    }
}
