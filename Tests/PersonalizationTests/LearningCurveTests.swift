import Cycles
import Foundation
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct LearningCurveTests {
    static func histories() -> [UserHistory] {
        // Three users whose cycles are longer than the population calendar assumes.
        [HistoryFixtures.history(user: "a", cycleLengths: [33, 31, 32, 33, 31, 32, 33, 32, 31, 32]),
         HistoryFixtures.history(user: "b", cycleLengths: [34, 34, 33, 35, 34, 34, 33, 34, 35, 34]),
         HistoryFixtures.history(user: "c", cycleLengths: [30, 31, 30, 31, 30, 31, 30, 31, 30, 31])]
    }

    static func curve(_ tuner: any FineTuner = ResidualCorrectionTuner()) -> LearningCurve {
        LearningCurve(models: .init(rules: CalendarPredictor(cycleLength: 29), pretrained: CalendarPredictor(cycleLength: 28),
                                    oracle: nil, personalizer: Personalizer(tuner: tuner)),
                      configuration: .init(months: [1, 3, 6], bootstrapSamples: 200))
    }

    @Test func evaluatesOnlyDaysStrictlyAfterTheFineTuningCutoff() throws {
        let spy = SpyTuner()
        let curve = Self.curve(spy)
        for history in Self.histories() {
            let months = try curve.evaluate(history)
            #expect(months.map(\.month) == [1, 3, 6])
            for month in months {
                #expect(!month.evaluationDays.isEmpty)
                #expect(month.evaluationDays.allSatisfy { $0 > month.cutoff })
                for outcomes in month.outcomes.values {
                    #expect(outcomes.allSatisfy { $0.cycleStart > month.cutoff })
                }
            }
        }
        let latestCutoff = Self.histories().map { curve.cutoff(month: 6, firstDay: $0.records[0].date) }.max()!
        #expect(spy.seen.allSatisfy { ($0.latestRecord ?? .init(daysSinceEpoch: .min)) <= $0.cutoff && $0.cutoff <= latestCutoff })
    }

    @Test func fineTunedBeatsPretrainedWhenHerCyclesDifferFromThePopulation() throws {
        let result = try Self.curve().compute(Self.histories())
        let pretrained = try #require(result.point("pretrained", month: 6))
        let tuned = try #require(result.point("fine_tuned", month: 6))
        #expect(pretrained.users == 3 && pretrained.cycles == 6)
        #expect(tuned.accuracy2d > pretrained.accuracy2d)
        #expect(tuned.alertAccuracy >= pretrained.alertAccuracy)
        // Kept only where it also alerts better on her held-out cycles (the stricter guardrail).
        #expect((tuned.keptShare ?? 0) > 0)
        #expect(tuned.alertAccuracyInterval?.contains(tuned.alertAccuracy) == true)
        // At one month there is no complete cycle to learn from: the guardrail keeps the pre-trained model.
        let first = try #require(result.point("fine_tuned", month: 1))
        #expect(first.keptShare == 0)
        #expect(first.alertAccuracy == result.point("pretrained", month: 1)?.alertAccuracy)
    }

    @Test func jsonHasTheAgreedShapeAndTheSVGIsWellFormed() throws {
        let result = try Self.curve().compute(Self.histories())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        #expect(object["months"] as? [Int] == [1, 3, 6])
        let tuned = try #require(object["fine_tuned"] as? [String: Any])
        let six = try #require(tuned["6"] as? [String: Any])
        #expect(six["alert_accuracy"] is Double && (six["alert_accuracy_ci"] as? [Double])?.count == 2)
        #expect(six["accuracy_2d"] is Double && (six["accuracy_2d_ci"] as? [Double])?.count == 2)
        #expect(object["rules"] is [String: Any] && object["pretrained"] is [String: Any])
        #expect(object["calendar"] is [String: Any])
        #expect(result.series == ["calendar", "rules", "pretrained", "fine_tuned"])
        let svg = result.svg(title: "test")
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 4)
    }
}
