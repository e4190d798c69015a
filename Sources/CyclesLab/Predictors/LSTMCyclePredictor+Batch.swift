import Cycles
import NeuralNet
import TensorCore

extension LSTMCyclePredictor {
    /// A padded, time-major mini-batch of training sequences (`[T, B, featureCount]`,
    /// normalised) with flattened per-(step, user) targets in the same `t·B + b` order.
    package struct Batch {
        /// Users in the batch.
        package let size: Int
        /// Longest sequence.
        let steps: Int
        let lengths: [Int]
        let input: Tensor
        var periodTarget: [Int], periodWeight: [Float]
        /// The period head's prior per row (`[T·B, Network.periodClassCount]`, zeros for padding).
        let periodPrior: Tensor
        var ovulationTarget: [Float], ovulationWeight: [Float]
        var energyTarget: [Int], energyWeight: [Float]
        var moodTarget: [Int], moodWeight: [Float]

        package init(_ sequences: [TrainingSequence], mean: [Float], scale: [Float]) {
            let featureCount = DailyFeatureBuilder.featureCount
            size = sequences.count
            lengths = sequences.map(\.length)
            steps = lengths.max() ?? 0
            let rows = steps * size
            var values = [Float](repeating: 0, count: rows * featureCount)
            let classes = Network.periodClassCount
            var prior = [Float](repeating: 0, count: rows * classes)
            periodTarget = [Int](repeating: 0, count: rows)
            periodWeight = [Float](repeating: 0, count: rows)
            ovulationTarget = periodWeight
            ovulationWeight = periodWeight
            energyTarget = periodTarget
            energyWeight = periodWeight
            moodTarget = periodTarget
            moodWeight = periodWeight
            for (member, sequence) in sequences.enumerated() {
                for step in 0..<sequence.length {
                    let row = step * size + member
                    for feature in 0..<featureCount {
                        values[row * featureCount + feature] =
                            (sequence.features[step * featureCount + feature] - mean[feature]) / scale[feature]
                    }
                    periodTarget[row] = sequence.periodTarget[step]
                    for k in 0..<classes { prior[row * classes + k] = sequence.periodPrior[step * classes + k] }
                    periodWeight[row] = sequence.periodWeight[step]
                    ovulationTarget[row] = sequence.ovulationTarget[step]
                    ovulationWeight[row] = sequence.ovulationWeight[step]
                    energyTarget[row] = sequence.energyTarget[step]
                    energyWeight[row] = sequence.energyWeight[step]
                    moodTarget[row] = sequence.moodTarget[step]
                    moodWeight[row] = sequence.moodWeight[step]
                }
            }
            input = Tensor(uncheckedShape: [steps, size, featureCount], scalars: values)
            periodPrior = Tensor(uncheckedShape: [rows, classes], scalars: prior)
        }

        /// The batch's result: the multi-task loss and how many labelled days had a median
        /// forecast within 2 days of the truth.
        package struct Result {
            package var loss: Float
            package var periodHits: Double
            package var periodCount: Double
        }

        /// Forward pass of every head and the multi-task loss; with `backward`, also the full
        /// backward pass (gradients accumulate in `network`).
        package func run(network: inout Network, combiner: MultiTaskLoss, backward: Bool) throws -> Result {
            let hidden = network.lstm.hiddenSize, rows = steps * size
            let output = try network.lstm.forward(input, lengths: lengths)
            let flat = try output.outputs.reshaped(to: [rows, hidden])
            // The head's logits plus the posterior's prior: the gradient of the loss in the sum is
            // the gradient in the head's logits.
            var periodLogits = try network.period.forward(flat)
            periodLogits.axpy(alpha: 1, periodPrior)
            let ovulationLogits = try network.ovulation.forward(flat)
            let energyLogits = try network.energy.forward(flat)
            let moodLogits = try network.mood.forward(flat)
            let losses = [
                "period": try SoftmaxCrossEntropy.loss(logits: periodLogits, targets: periodTarget, weights: periodWeight),
                "ovulation": try BinaryCrossEntropy.loss(logits: ovulationLogits, targets: ovulationTarget, weights: ovulationWeight),
                "energy": try SoftmaxCrossEntropy.loss(logits: energyLogits, targets: energyTarget, weights: energyWeight),
                "mood": try SoftmaxCrossEntropy.loss(logits: moodLogits, targets: moodTarget, weights: moodWeight),
            ]
            let combined = combiner.combine(losses)
            var hits = 0.0, count = 0.0
            let classes = Network.periodClassCount
            periodLogits.withUnsafeBufferPointer { logits in
                for row in 0..<rows where periodWeight[row] > 0 {
                    let median = _lstmQuantile(Softmax.probabilities(Array(logits[(row * classes)..<((row + 1) * classes)])), 0.5)
                    if abs(median - periodTarget[row]) <= 2 { hits += 1 }
                    count += 1
                }
            }
            if backward {
                var dHidden = try network.period.backward(combined.gradients["period"]!)
                dHidden.axpy(alpha: 1, try network.ovulation.backward(combined.gradients["ovulation"]!))
                dHidden.axpy(alpha: 1, try network.energy.backward(combined.gradients["energy"]!))
                dHidden.axpy(alpha: 1, try network.mood.backward(combined.gradients["mood"]!))
                _ = try network.lstm.backward(try dHidden.reshaped(to: [steps, size, hidden]))
            }
            return Result(loss: combined.value, periodHits: hits, periodCount: count)
        }
    }
}
