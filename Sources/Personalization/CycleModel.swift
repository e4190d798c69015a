import Cycles
import Foundation
import ModelFiles
import TensorCore

/// A cycle model as the on-device loop runs it: the predictor, the population model fine-tuning
/// starts from, the file it came from, and its identity (`version`, written to
/// `predictions.model_version`).
public struct CycleModel: Sendable {
    /// Where it came from: a `.odml` path or a built-in name.
    public let source: String
    /// The model kind (`cycle-gbt`, `cycle-lstm`, `cycle-rules`, `cycle-calendar`): `insights.source`.
    public let kind: String
    /// `<kind>@<CRC-32 of the container, 8 hex digits>` for a file (the checksum `odml inspect`
    /// shows, the same encrypted or not), `<name>@<toolkit version>` for a built-in.
    public let version: String
    /// The model that forecasts: her personal model when the file holds a kept personalisation.
    public let predictor: any CyclePredictor
    /// The population model (the file's own sections, without her personalisation).
    public let population: any CyclePredictor
    /// The population model's file (a built-in gets an empty file of its kind), the base of her personal file.
    public let populationFile: ModelFile
    /// Her personalisation record, for a personal file.
    package let record: PersonalModelRecord?

    /// The built-in models the loop can run (`ModelKindRegistry.builtIns`; the lab's references
    /// need the data's truth).
    package static let builtInNames = ModelKindRegistry.builtIns.map(\.modelName)

    /// Loads `source`: a built-in name or a `.odml` file (a population model or her personal
    /// model, decrypted with `password` when encrypted).
    /// - Throws: `PersonalizationError.wrongPassword`, `.unsupportedModel` (unreadable file, a kind
    ///   this build cannot run, or a built-in that needs the truth).
    public static func load(_ source: String, password: String? = nil) throws -> CycleModel {
        if let (kind, predictor) = ModelKindRegistry.builtIn(named: source) {
            return CycleModel(source: source, kind: kind.name, version: "\(source)@\(OnDeviceMLVersion.current)",
                              predictor: predictor, population: predictor, populationFile: ModelFile(kind: kind.name), record: nil)
        }
        guard FileManager.default.fileExists(atPath: source) else {
            throw PersonalizationError.unsupportedModel(
                path: source, detail: "no such file (expected a .odml file or one of \(builtInNames.joined(separator: ", ")))")
        }
        let url = URL(fileURLWithPath: source)
        // One read, one decryption (an encrypted file's key derivation is the load's cost).
        let (file, checksum) = try PersonalModelFile.readWithChecksum(from: url, password: password)
        let record = try PersonalModelFile.record(in: file, path: source)
        var populationFile = file
        populationFile.header.properties[PersonalModelRecord.propertyKey] = nil
        populationFile.removeTreeEnsemble(GBTPersonalPredictor.sectionName)
        for key in populationFile.header.properties.keys where key.hasPrefix("personal.") { populationFile.header.properties[key] = nil }
        let population: any CyclePredictor
        do {
            switch file.header.kind {
            case ModelKind.cycleCalendar.name: population = CalendarPredictor()
            case ModelKind.cyclePeriodHistory.name: population = PeriodHistoryPredictor()
            case ModelKind.cycleRules.name: population = RuleEngine()
            default: population = try PredictorFactory.makeModelFilePredictor(file: populationFile, path: source)
            }
        } catch let error as DatasetError {
            throw PersonalizationError.unsupportedModel(path: source, detail: error.description)
        } catch let error as ModelFileError {
            throw PersonalizationError.unsupportedModel(path: source, detail: error.description)
        }
        var predictor = population
        if let record, record.kept {
            if record.strategy == GBTResidualTuner.strategy {
                guard let personal = try GBTPersonalPredictor(modelFile: file) else {
                    throw PersonalizationError.unsupportedModel(path: source, detail: "strategy gbt-residual without the \(GBTPersonalPredictor.sectionName) section")
                }
                predictor = personal
            } else {
                predictor = record.applied(to: population)
            }
        }
        return CycleModel(source: source, kind: file.header.kind, version: "\(file.header.kind)@\(String(format: "%08X", checksum))",
                          predictor: predictor, population: population, populationFile: populationFile, record: record)
    }

    /// A model built in memory (tests, tools): `version` names it in the rows it writes.
    public init(source: String, kind: String, version: String, predictor: any CyclePredictor, population: any CyclePredictor,
                populationFile: ModelFile, record: PersonalModelRecord?) {
        self.source = source
        self.kind = kind
        self.version = version
        self.predictor = predictor
        self.population = population
        self.populationFile = populationFile
        self.record = record
    }
}
