import BoostedTrees
import Foundation
import TensorCore
import Testing
@testable import Explanations
import ExplanationAdapters

@Test func linearContributionsAreExactAndAddUp() throws {
    let attribution = try Attribution(linearWeights: [2, -1, 0.5], bias: 3, input: [1, 4, -2], baseline: [0, 1, 2],
                                      features: [FeatureDescriptor(key: "a", group: .cloud),
                                                 FeatureDescriptor(key: "b", group: .wind),
                                                 FeatureDescriptor(key: "c", group: .pressure)])
    #expect(attribution.contributions.map(\.contribution) == [2, -3, -2])
    #expect(attribution.outputValue == 3 + 2 - 4 - 1)
    #expect(attribution.baselineValue == 3 + 0 - 1 + 1)
    #expect(attribution.measuredCompletenessError < 1e-12)
    #expect(attribution.contributions.map(\.direction) == [.high, .high, .low])
    #expect(attribution.method == .linear)
}

@Test func shapValuesAddToTheRawScore() throws {
    let features = [FeatureDescriptor(key: "x", group: .cloud), FeatureDescriptor(key: "y", group: .cloud),
                    FeatureDescriptor(key: "z", group: .season)]
    let attribution = try Attribution(shapValues: [0.25, -0.5, 1], expectedValue: 2, features: features,
                                      values: [7, .nan, 12], baselineValues: [6, 6, 14])
    #expect(attribution.outputValue == 2.75)
    #expect(attribution.contributions[1].value == nil)
    #expect(attribution.contributions[1].direction == .missing)
    #expect(attribution.contributions[2].direction == .low)
    let grouped = attribution.grouped()
    #expect(grouped.contributions.map(\.key) == ["cloud", "season"])
    #expect(grouped.contributions.map(\.contribution) == [-0.25, 1])
    // The group takes the value and direction of its strongest member (y, missing).
    #expect(grouped.contributions[0].direction == .missing)
    #expect(grouped.contributionSum == attribution.contributionSum)
}

@Test func mismatchedLengthsThrowATypedError() {
    #expect(throws: ExplanationError.lengthMismatch(what: "features", expected: 2, found: 1)) {
        try Attribution(shapValues: [1, 2], expectedValue: 0, features: [FeatureDescriptor(key: "x", group: .cloud)],
                        values: [1, 2])
    }
    let error = ExplanationError.lengthMismatch(what: "input", expected: 3, found: 2)
    #expect(error.description == "input: expected 3 values, found 2")
}

@Test func attributionRoundTripsThroughJSON() throws {
    let attribution = Attribution(method: .rules, baselineValue: 28, outputValue: 29.5,
                                  contributions: [FeatureContribution(key: "rule.a", group: .rainfall, value: 30, contribution: 1.5)])
    let data = try JSONEncoder().encode(attribution)
    #expect(try JSONDecoder().decode(Attribution.self, from: data) == attribution)
}

/// TreeSHAP through BoostedTrees: contributions sum to the model's raw score (additivity).
@Test func treeSHAPAttributionAddsUpToTheRawScore() throws {
    var random = SeededGenerator(seed: 4)
    let rows = (0..<300).map { _ in (0..<4).map { _ in Float(random.nextNormal()) } }
    let labels = rows.map { 2 * $0[0] - $0[1] * $0[2] + Float(random.nextNormal() * 0.1) }
    var parameters = GradientBoostingParameters()
    parameters.iterationCount = 20
    parameters.maximumLeafCount = 8
    let model = try GradientBoosting.train(features: FeatureMatrix(rows: rows), labels: labels, parameters: parameters)
    var explainer = TreeSHAP(model: model)
    for row in rows.prefix(20) {
        let attribution = try Attribution(treeSHAP: &explainer, row: row,
                                          features: Array(testFeatures.prefix(4)))
        #expect(abs(attribution.outputValue - model.predictRaw(row)[0]) < 1e-5)
        #expect(attribution.method == .treeSHAP)
    }
    var missing = rows[0]
    missing[1] = .nan
    #expect(try Attribution(treeSHAP: &explainer, row: missing).contributions[1].direction == .missing)
}
