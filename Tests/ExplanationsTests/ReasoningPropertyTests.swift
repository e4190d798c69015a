import Foundation
import TensorCore
import Testing
@testable import Explanations

/// Property: for random attributions, kinds, values, uncertainties and languages, every sentence
/// has ≤ 120 characters and ≤ 3 factors; every named factor is above the threshold, agrees with
/// the prediction's direction and appears whole in the text; the text is the headline followed by
/// the named phrases (no word cut) or the fallback (or, for a headline too long to take any
/// factor, the headline alone or shortened at a word boundary).
@Test func everySentenceRespectsTheLimits() throws {
    let generator = try weatherGenerator()
    let groups: [FeatureGroup] = testFeatures.map(\.group) + [.other]
    let keys = ["wind_speed", "rainy_days", "station_day", "cloud_cover", "x"]
    let directions = FeatureDirection.allCases
    let words = ["Câlin", "du", "matin", "lecture", "partagée", "respiration", "à", "deux", "promenade", "dessiner"]
    var random = SeededGenerator(seed: 2024)
    var fallbacks = 0, withFactors = 0
    for case_ in 0..<2000 {
        let language: Language = case_ % 2 == 0 ? .fr : .en
        let count = random.nextInt(below: 12)
        let contributions = (0..<count).map { index -> FeatureContribution in
            let hasValue = random.nextUniform() < 0.8
            return FeatureContribution(
                key: random.nextUniform() < 0.3 ? keys[random.nextInt(below: keys.count)] : "feature_\(index)",
                group: groups[random.nextInt(below: groups.count)],
                value: hasValue ? (random.nextUniform(in: 0, 60) * 10).rounded() / 10 : nil,
                direction: hasValue ? directions[random.nextInt(below: directions.count - 1)] : .missing,
                contribution: random.nextNormal() * pow(10, random.nextUniform(in: -3, 1)))
        }
        let sum = contributions.reduce(0) { $0 + $1.contribution }
        let attribution = Attribution(baselineValue: 10, outputValue: 10 + sum, contributions: contributions)
        let value: PredictedValue
        let kind: PredictionKind
        switch random.nextInt(below: 4) {
        case 0: kind = .rainStart; value = .date(year: 2027, month: 1 + random.nextInt(below: 12), day: 1 + random.nextInt(below: 28))
        case 1: kind = .sunny; value = .probability(random.nextUniform())
        case 2: kind = .warmth; value = .level(PredictedValue.Level.allCases[random.nextInt(below: 3)])
        default:
            kind = .outing
            value = .title((0..<(1 + random.nextInt(below: 25))).map { _ in words[random.nextInt(below: words.count)] }.joined(separator: " "))
        }
        let uncertainties: [Uncertainty?] = [nil, .days(random.nextUniform(in: 0, 9)), .probability(random.nextUniform()),
                                             .points(random.nextUniform(in: 0, 3))]
        let uncertainty = uncertainties[random.nextInt(below: uncertainties.count)]
        let minimum = random.nextUniform() < 0.5 ? 0 : random.nextUniform(in: 0, 1)
        let reasoning = try generator.reasoning(for: kind, value: value, uncertainty: uncertainty, attribution: attribution,
                                                language: language, minimumContribution: minimum)
        #expect(reasoning.text.count <= 120, "\(reasoning.text)")
        #expect(reasoning.factors.count <= 3)
        let threshold = max(minimum, 0.1 * contributions.reduce(0) { $0 + abs($1.contribution) })
        for factor in reasoning.factors {
            #expect(abs(factor.contribution) >= threshold)
            #expect(factor.contribution * sum > 0)
            #expect(reasoning.text.contains(factor.phrase))
        }
        #expect(Set(reasoning.factors.map(\.phrase)).count == reasoning.factors.count)
        // Strongest first.
        #expect(zip(reasoning.factors, reasoning.factors.dropFirst()).allSatisfy { abs($0.contribution) >= abs($1.contribution) })
        let connector = language == .fr ? " car : " : " because: "
        if reasoning.factors.isEmpty {
            fallbacks += 1
            let ending = language == .fr ? " : peu de signaux" : ": few signals"
            // The fallback, or a headline too long for it: alone, or shortened at a word with "…".
            #expect(reasoning.text.hasSuffix(ending) || reasoning.text == reasoning.headline || reasoning.text.hasSuffix("…"),
                    "\(reasoning.text)")
        } else {
            withFactors += 1
            let expectedTail = connector + reasoning.factors.map(\.phrase).joined(separator: " + ")
            #expect(reasoning.text.hasSuffix(expectedTail), "\(reasoning.text)")
            #expect(reasoning.text.hasPrefix(reasoning.headline ?? "?"))
        }
    }
    // Both branches are exercised.
    #expect(fallbacks > 100 && withFactors > 700, "fallbacks \(fallbacks), with factors \(withFactors)")
}
