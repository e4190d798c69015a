import BoostedTrees
import Cycles
import Foundation
import ModelFiles
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct GBTResidualTunerTests {
    /// A population model of days-until-next-start trained on a few synthetic users (tiny, for speed).
    static func population() throws -> GBTCyclePredictor {
        let dataset = SyntheticCycles.generate(config: .regular, users: 6, months: 6, seed: 3)
        var values: [Float] = []
        var labels: [Float] = []
        var row = [Float](repeating: .nan, count: TabularFeatureBuilder.featureCount)
        for history in dataset.users {
            let data = PersonalData(history: history, cutoff: history.records.last!.date)
            var builder = TabularFeatureBuilder(history: history)
            for labeled in data.labeledDays {
                builder.features(on: labeled.day, into: &row)
                values += row
                labels.append(Float(labeled.day.distance(to: labeled.nextStart)))
            }
        }
        var parameters = GradientBoostingParameters()
        parameters.iterationCount = 10
        parameters.maximumLeafCount = 8
        let matrix = try FeatureMatrix(values: values, rowCount: labels.count, featureCount: TabularFeatureBuilder.featureCount)
        return GBTCyclePredictor(remaining: try GradientBoosting.train(features: matrix, labels: labels, parameters: parameters))
    }

    @Test func personalTreesLearnHerBiasAndRoundTripThroughTheModelFile() throws {
        let population = try Self.population()
        // She has much longer cycles than the population: 38 days.
        let history = HistoryFixtures.history(cycleLengths: Array(repeating: 38, count: 6))
        let data = PersonalData(history: history, cutoff: history.periodStarts.last!)
        let personal = try #require(try GBTResidualTuner().fineTune(population, on: data) as? GBTPersonalPredictor)
        let days = data.labeledDays.map(\.day)
        func error(_ model: any CyclePredictor) throws -> Double {
            let forecasts = try model.predictions(for: data.history, on: days, language: .en)
            return zip(forecasts, data.labeledDays).reduce(0) { $0 + Double(abs($1.1.nextStart.distance(to: $1.0.nextPeriodStart))) } / Double(days.count)
        }
        #expect(try error(personal) < error(population) - 1)
        // Save the population plus her trees, read them back: identical forecasts.
        var file = population.modelFile()
        personal.store(in: &file)
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("gbt-personal.odml")
        try PersonalModelFile.write(file, to: url, password: "pw")
        let reread = try #require(try GBTPersonalPredictor(modelFile: try PersonalModelFile.read(from: url, password: "pw")))
        #expect(try reread.predictions(for: data.history, on: days, language: .en) == personal.predictions(for: data.history, on: days, language: .en))
    }

    @Test func otherModelsAreATypedError() throws {
        let history = HistoryFixtures.history(cycleLengths: [30, 30, 30])
        #expect(throws: PersonalizationError.self) {
            try GBTResidualTuner().fineTune(CalendarPredictor(cycleLength: 28), on: PersonalData(history: history, cutoff: history.periodStarts.last!))
        }
    }
}
