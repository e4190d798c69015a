import Elaro
import Foundation
import TensorCore

/// Latent parameters of one simulated parent (exported so peers can replay the same environment).
///
/// Completion probability of action `a` in variant `v` on day `t` (`Benchmarks/peers/elaro_vw.py`
/// implements the same formula):
///
///     logit = base + focus_t[f(a)] + 0.3·[f(a) = activeFocus] + slot[s(a)]   (slot: mean of 3 for `any`)
///           − durationSensitivity · |duration(v) − bandwidth(t)|            (duration 0, 0.5, 1 for 5/10/20)
///           + noveltyPreference · novelty(a) − fatigueSensitivity · novelty(a) · noveltyLoad_t
///           − effortSensitivity · effort(a) · (0.5 + stress_t) + idiosyncrasy[a] + mood_t
///     p = 1 / (1 + e^(−logit))
///
/// `focus_t` switches from `focusBefore` to `focusAfter` on `driftDay`; `bandwidth(t)` is
/// `weekendBandwidth` on Saturdays and Sundays, else `weekdayBandwidth`.
public struct SimulatedParent: Sendable, Codable, Equatable {
    public var base: Double
    public var focusBefore: [Double]
    public var focusAfter: [Double]
    public var driftDay: Int
    public var slotPreference: [Double]
    public var weekdayBandwidth: Double
    public var weekendBandwidth: Double
    public var durationSensitivity: Double
    public var noveltyPreference: Double
    public var fatigueSensitivity: Double
    public var effortSensitivity: Double
    public var idiosyncrasy: [Double]
    public var activeFocus: FocusArea
    public var childAge: Int
    /// Exogenous stress per day in `[0, 1]` (AR(1)).
    public var stress: [Double]
    /// Daily mood shift of the logit (the noise shared by all actions that day).
    public var mood: [Double]

    /// Draws a parent for a library of `actionCount` actions over `days` days.
    public init(actionCount: Int, days: Int, using generator: inout SeededGenerator) {
        func normal(_ mean: Double, _ deviation: Double) -> Double { generator.nextNormal(mean: mean, standardDeviation: deviation) }
        base = normal(-0.3, 0.4)
        focusBefore = (0..<6).map { _ in normal(0, 0.8) }
        let before = focusBefore
        focusAfter = before.map { 0.3 * $0 + normal(0, 0.76) }
        driftDay = 21 + generator.nextInt(below: 22)
        slotPreference = (0..<3).map { _ in normal(0, 0.6) }
        weekdayBandwidth = generator.nextUniform(in: 0, 0.6)
        weekendBandwidth = generator.nextUniform(in: 0.3, 1)
        durationSensitivity = generator.nextUniform(in: 0.5, 2)
        noveltyPreference = normal(0.2, 0.4)
        fatigueSensitivity = generator.nextUniform(in: 0.3, 1.2)
        effortSensitivity = generator.nextUniform(in: 0.3, 1.2)
        idiosyncrasy = (0..<actionCount).map { _ in normal(0, 0.3) }
        activeFocus = FocusArea.allCases[generator.nextInt(below: 6)]
        childAge = 2 + generator.nextInt(below: 10)
        var level = generator.nextUniform(in: 0, 0.5)
        var stressPath: [Double] = []
        for _ in 0..<days {
            stressPath.append(level)
            level = min(max(0.85 * level + 0.045 + normal(0, 0.1), 0), 1)
        }
        stress = stressPath
        mood = (0..<days).map { _ in normal(0, 0.3) }
    }

    /// The true completion probability (see the type's documentation).
    public func completionProbability(action: ActionTemplate, actionIndex: Int, minutes: Int, day: Int, noveltyLoad: Double) -> Double {
        let focus = day >= driftDay ? focusAfter : focusBefore
        var logit = base + focus[action.focusArea.index] + (action.focusArea == activeFocus ? 0.3 : 0)
        if let slot = action.bestTimeOfDay.timeOfDay {
            logit += slotPreference[slot.index]
        } else {
            logit += slotPreference.reduce(0, +) / 3
        }
        let duration = minutes == 5 ? 0.0 : (minutes == 10 ? 0.5 : 1.0)
        let bandwidth = SignalsCalculator.isWeekend(day: day) ? weekendBandwidth : weekdayBandwidth
        logit -= durationSensitivity * abs(duration - bandwidth)
        let novelty = Double(action.noveltyLevel), effort = Double(action.effortLevel)
        logit += noveltyPreference * novelty - fatigueSensitivity * novelty * noveltyLoad
        logit -= effortSensitivity * effort * (0.5 + stress[min(day, stress.count - 1)])
        logit += idiosyncrasy[actionIndex] + mood[min(day, mood.count - 1)]
        return 1 / (1 + exp(-logit))
    }
}
