import Testing
@testable import Cycles

/// `_PremenstrualLikelihood` and its weight on `OvulationPosterior`'s starts, on charts with
/// 30-day cycles (starts on offsets 0, 30, 60, 90 from `TestHistories.origin`) and energy, mood
/// and sleep logged every day: 7 usually, `dipped` in the 5 days before each start and on the
/// days a test names.
@Suite struct PremenstrualLikelihoodTests {
    /// Every day through `lastDay` logged; the days in `lowDays` at well-being `dipped`.
    static func history(dipped: Int = 6, lowDays: Set<Int>, lastDay: Int) -> UserHistory {
        let starts = [0, 30, 60, 90]
        let records = (0...lastDay).map { offset -> DayRecord in
            let premenstrual = starts.contains { offset >= $0 - 5 && offset < $0 }
            let value = premenstrual || lowDays.contains(offset) ? dipped : 7
            let flow = starts.contains { offset >= $0 && offset < $0 + 4 } ? 2 : nil
            return DayRecord(date: TestHistories.origin.advanced(by: offset), flowIntensity: flow,
                             symptoms: [.energy: value, .mood: value, .sleep: value])
        }
        let base = TestHistories.history(starts: starts, lastDay: lastDay)
        return UserHistory(profile: base.profile, records: records)
    }

    static func state(_ history: UserHistory, at offset: Int) -> CycleDayState {
        CycleDayState(history: history, through: TestHistories.origin.advanced(by: offset))
    }

    /// Her last three days as low as her past premenstrual days: a start in 1 day (five such
    /// days in its window) is likelier than one in 5 (one day), and both likelier than none.
    @Test func aDipLikeHersPointsToASoonStart() {
        let logs = _PremenstrualLikelihood(Self.state(Self.history(lowDays: [113, 114, 115], lastDay: 115), at: 115))
            .startLogLikelihoods
        #expect(logs.count == CycleDayState.premenstrualDays)
        #expect(logs[0] > logs[4] && logs[4] > 0)
        #expect(logs.allSatisfy { abs($0) <= _PremenstrualLikelihood.logLimit })
    }

    /// Her usual level in the last days: every start within 5 days is less likely.
    @Test func herUsualLevelPointsAway() {
        let logs = _PremenstrualLikelihood(Self.state(Self.history(lowDays: [], lastDay: 115), at: 115)).startLogLikelihoods
        #expect(logs.count == CycleDayState.premenstrualDays && logs.allSatisfy { $0 < 0 })
    }

    /// No premenstrual gap (her past premenstrual days at her usual level) weighs nothing, and
    /// without a completed cycle there is no term.
    @Test func noGapOrNoCycleWeighsNothing() {
        let flat = _PremenstrualLikelihood(Self.state(Self.history(dipped: 7, lowDays: [113, 114, 115], lastDay: 115), at: 115))
        #expect(flat.startLogLikelihoods.allSatisfy { $0 == 0 })
        let early = _PremenstrualLikelihood(Self.state(Self.history(lowDays: [], lastDay: 20), at: 20))
        #expect(early.startLogLikelihoods.isEmpty)
    }

    /// The posterior reads it: the same day with her dip puts more mass on a start within the
    /// alert window than with her usual level, and stays a distribution.
    @Test func thePosteriorMovesTowardsTheDip() throws {
        let dipped = try #require(Self.state(Self.history(lowDays: [113, 114, 115], lastDay: 115), at: 115).ovulationPosterior)
        let usual = try #require(Self.state(Self.history(lowDays: [], lastDay: 115), at: 115).ovulationPosterior)
        #expect(dipped.windowProbability > usual.windowProbability + 0.1)
        #expect(abs(dipped.startProbabilities.reduce(0, +) - 1) < 1e-9)
    }
}
