import NeuralNet
import TensorCore

extension LSTMCyclePredictor {
    /// The network: an LSTM over the daily features and four heads on its hidden state.
    ///
    /// Parameter keys: `lstm.<layer>.weight_ih|weight_hh|bias_ih|bias_hh`,
    /// `head.period.weight|bias` (61 classes: the correction to the signal-anchored remaining
    /// days, −20…+40, see `periodCorrections`),
    /// `head.ovulation.weight|bias` (1 logit: ovulation already passed),
    /// `head.energy.weight|bias`, `head.mood.weight|bias` (3 classes tomorrow: low, medium, high).
    package struct Network: Layer, Sendable {
        /// The corrections the period head's classes stand for, in class order: class `k` is
        /// c = `k + periodCorrections.lowerBound` days added to the signal-anchored remaining days
        /// (`LSTMCyclePredictor.baseDays`: the calendar's without ovulation evidence); the head's
        /// logits are added to the ovulation posterior's (`LSTMCyclePredictor.periodPrior`).
        /// Targets outside are clamped to the ends.
        /// −20…+40 covers a cycle 20 days shorter than her median and one 40 days longer (a long
        /// anovulatory cycle, or a period she forgot to log); the asymmetry follows cycle
        /// lengths, whose long tail is the longer one.
        package static let periodCorrections = -20...40
        /// Number of classes of the period head.
        package static let periodClassCount = periodCorrections.count
        /// Number of classes of the energy and mood heads.
        package static let levelClassCount = 3

        /// The recurrent body.
        package var lstm: LSTM
        /// The tilt of the posterior's distribution of the correction (logits over `periodCorrections`).
        package var period: Linear
        /// Ovulation-passed logit head.
        package var ovulation: Linear
        /// Energy-tomorrow class head.
        package var energy: Linear
        /// Mood-tomorrow class head.
        package var mood: Linear

        /// A freshly initialised network.
        package init(featureCount: Int, hiddenSize: Int, layerCount: Int = 1, using generator: inout some RandomNumberGenerator) {
            lstm = LSTM(inputSize: featureCount, hiddenSize: hiddenSize, layerCount: layerCount, using: &generator)
            period = Linear(inputSize: hiddenSize, outputSize: Network.periodClassCount, using: &generator)
            ovulation = Linear(inputSize: hiddenSize, outputSize: 1, using: &generator)
            energy = Linear(inputSize: hiddenSize, outputSize: Network.levelClassCount, using: &generator)
            mood = Linear(inputSize: hiddenSize, outputSize: Network.levelClassCount, using: &generator)
        }

        package mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows {
            try lstm.visitParameters(prefix: parameterKey(prefix, "lstm"), body)
            try period.visitParameters(prefix: parameterKey(prefix, "head.period"), body)
            try ovulation.visitParameters(prefix: parameterKey(prefix, "head.ovulation"), body)
            try energy.visitParameters(prefix: parameterKey(prefix, "head.energy"), body)
            try mood.visitParameters(prefix: parameterKey(prefix, "head.mood"), body)
        }
    }
}
