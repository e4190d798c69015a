/// The bandit's feature vector for one (action, variant) candidate in a day's context.
///
/// Index: 0 bias · 1–6 focus area one-hot · 7–9 best part of day one-hot (`any` = 1/3 each) ·
/// 10 five-minute variant · 11 twenty-minute variant · 12 weekend × twenty minutes ·
/// 13 weekend × five minutes · 14 novelty level · 15 novelty level × novelty load ·
/// 16 effort level · 17 effort level × friction index · 18 action in the active focus area.
/// Levels are mapped to `[0, 1]`. `Benchmarks/peers/elaro_vw.py` computes the same vector.
public enum ElaroFeatures {
    /// Length of the vector.
    @usableFromInline package static let count = 19

    /// The observable state the features read.
    public struct State: Sendable, Equatable {
        /// Whether the day is a weekend.
        public var isWeekend: Bool
        /// `SignalsCalculator.frictionIndex`.
        public var frictionIndex: Float
        /// `SignalsCalculator.noveltyLoad(onDay:)`.
        public var noveltyLoad: Float
        /// The month's focus area.
        public var activeFocus: FocusArea

        public init(isWeekend: Bool, frictionIndex: Float, noveltyLoad: Float, activeFocus: FocusArea) {
            self.isWeekend = isWeekend
            self.frictionIndex = frictionIndex
            self.noveltyLoad = noveltyLoad
            self.activeFocus = activeFocus
        }
    }

    /// Writes the `count` features of `template` at `minutes` into `output[0 ..< count]`.
    @inlinable
    package static func write(_ template: ActionTemplate, minutes: Int, state: State, into output: UnsafeMutablePointer<Float>) {
        for index in 0..<count { output[index] = 0 }
        output[0] = 1
        output[1 + template.focusArea.index] = 1
        if let slot = template.bestTimeOfDay.timeOfDay {
            output[7 + slot.index] = 1
        } else {
            output[7] = 1.0 / 3; output[8] = 1.0 / 3; output[9] = 1.0 / 3
        }
        let short: Float = minutes == 5 ? 1 : 0, long: Float = minutes == 20 ? 1 : 0
        let weekend: Float = state.isWeekend ? 1 : 0
        output[10] = short
        output[11] = long
        output[12] = weekend * long
        output[13] = weekend * short
        let novelty = template.noveltyLevel, effort = template.effortLevel
        output[14] = novelty
        output[15] = novelty * state.noveltyLoad
        output[16] = effort
        output[17] = effort * state.frictionIndex
        output[18] = template.focusArea == state.activeFocus ? 1 : 0
    }

    /// Cold-start prior mean of the bandit's shared coefficients: completion around 50 %,
    /// shorter and easier actions slightly favoured, fatigue and friction penalised.
    package static let priorMean: [Float] = [0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.05, -0.05, 0, 0, 0, -0.05, -0.05, -0.1, 0.05]
}
