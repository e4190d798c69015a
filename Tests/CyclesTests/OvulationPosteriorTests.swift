import Testing
@testable import Cycles

/// `OvulationPosterior` on hand-written charts (periods on day offsets 0, 30, 60 … from
/// `TestHistories.origin`; offset 60 + k is cycle day k + 1 of the third cycle).
@Suite struct OvulationPosteriorTests {
    typealias Chart = CycleSignalStateTests

    static func posterior(_ history: UserHistory, at offset: Int) throws -> OvulationPosterior {
        try #require(CycleDayState(history: history, through: Chart.day(offset)).ovulationPosterior)
    }

    /// Without readings it is the calendar in probabilities: her 30-day cycles put the median
    /// next start 30 days after the start, and the probabilities of the next days are a proper
    /// distribution.
    @Test func withoutReadingsItFollowsHerCycles() throws {
        let history = Chart.history(starts: [0, 30, 60], lastDay: 75)
        let posterior = try Self.posterior(history, at: 70)
        #expect(abs(posterior.medianDaysToStart - (90 - 70)) <= 1)
        #expect(posterior.startProbabilities.count > AlertPolicy.windowDays)
        #expect(posterior.startProbabilities.allSatisfy { $0 >= 0 } && abs(posterior.startProbabilities.reduce(0, +) - 1) < 1e-9)
        #expect(posterior.ovulationPassedProbability < 0.5)
    }

    /// An LH peak on cycle day 20 of a cycle she usually ovulates on day 16: ovulation is placed
    /// on the peak, and the next start ≈ 14 days later instead of the calendar's day 31.
    @Test func anLHPeakMovesOvulationAndTheNextStart() throws {
        var lh: [Int: LHTestResult] = [:]
        for offset in 69...78 { lh[offset] = .negative }
        lh[79] = .peak
        lh[80] = .negative
        let history = Chart.history(starts: [0, 30, 60], lastDay: 82, lh: lh)
        let posterior = try Self.posterior(history, at: 82)
        #expect((19...21).contains(posterior.likeliestOvulationCycleDay))
        // (A lone peak might be an early false positive: 3 % a test day.)
        #expect(posterior.ovulationPassedProbability > 0.8)
        // Next start ≈ cycle day 20 + 13 + 1 = day 34, i.e. offset 93: 11 days after offset 82.
        #expect(abs(posterior.medianDaysToStart - 11) <= 1)
        // Negatives only (no surge yet) keep ovulation ahead more likely than passed: on cycle day
        // 19 her prior (two 30-day cycles: ovulation ≈ day 16 ± 2) has put most of its mass behind
        // her, so a surge the tests missed keeps a real share (≈ 0.38), short of one half.
        let beforeSurge = try Self.posterior(history, at: 78).ovulationPassedProbability
        #expect(beforeSurge < 0.5, "P(ovulation passed) \(beforeSurge)")
    }

    /// A basal temperature shift of 0.4 °C from cycle day 18: ovulation 1–3 days before it.
    @Test func aTemperatureShiftPlacesOvulationBeforeIt() throws {
        var bbt: [Int: Double] = [:]
        let noise = [0.03, -0.05, 0.02, 0.0, -0.02, 0.04, -0.03, 0.01]
        for offset in 60...85 { bbt[offset] = 36.25 + (offset >= 77 ? 0.4 : 0) + noise[offset % noise.count] }
        let history = Chart.history(starts: [0, 30, 60], lastDay: 85, bbt: bbt)
        let posterior = try Self.posterior(history, at: 85)
        #expect((14...17).contains(posterior.likeliestOvulationCycleDay))
        #expect(posterior.ovulationPassedProbability > 0.9)
        // Before the shift, ovulation is not placed yet.
        #expect(try Self.posterior(history, at: 74).ovulationPassedProbability < 0.5)
    }

    /// S+ mucus on cycle days 13–14, then drier days: ovulation around the peak (day 14).
    @Test func theMucusPeakPlacesOvulation() throws {
        var mucus: [Int: CervicalMucus] = [:]
        for offset in 64...69 { mucus[offset] = .nothing }
        for offset in 70...71 { mucus[offset] = .creamy }
        for offset in 72...73 { mucus[offset] = .eggWhite }
        for offset in 74...80 { mucus[offset] = .moist }
        let history = Chart.history(starts: [0, 30, 60], lastDay: 80, mucus: mucus)
        let posterior = try Self.posterior(history, at: 80)
        #expect((13...16).contains(posterior.likeliestOvulationCycleDay))
        #expect(posterior.ovulationPassedProbability > 0.8)
    }

    /// Before any start there is no cycle to reason about; a cycle longer than the hypotheses
    /// gives none either.
    @Test func noPosteriorBeforeAStartOrPastTheHypotheses() {
        let history = Chart.history(starts: [10], lastDay: 10 + _SignalLikelihood.maxCycleDay)
        #expect(CycleDayState(history: history, through: Chart.day(5)).ovulationPosterior == nil)
        #expect(CycleDayState(history: history, through: Chart.day(20)).ovulationPosterior != nil)
        #expect(CycleDayState(history: history, through: Chart.day(10 + _SignalLikelihood.maxCycleDay - 1)).ovulationPosterior == nil)
    }

    /// The shortcut of `_SignalLogLikelihood` (ovulation days far after today read the signals as
    /// no ovulation does) is exact: computed on a later day without new readings, the
    /// log-likelihood of every day up to the earlier cut is unchanged.
    @Test func farOvulationDaysReadAsNoOvulation() {
        var likelihood = _SignalLikelihood()
        likelihood.observe(DayMeasurements(date: Chart.day(0), lhTest: .negative, basalBodyTemperature: 36.2, wristTemperature: -0.1,
                                           cervicalMucus: .moist), cycleDay: 5)
        likelihood.observe(DayMeasurements(date: Chart.day(1), lhTest: .peak, basalBodyTemperature: 36.3, cervicalMucus: .eggWhite),
                           cycleDay: 6)
        let early = _SignalLogLikelihood(likelihood, cycleDay: 6)
        let late = _SignalLogLikelihood(likelihood, cycleDay: 40)
        for day in 1...100 {
            #expect(abs(early.ovulatory(day) - late.ovulatory(day)) < 1e-9, "ovulation day \(day)")
        }
    }
}
