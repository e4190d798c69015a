import Foundation

/// A learning rate as a function of the optimizer step, relative to a base rate.
public enum LearningRateSchedule: Sendable, Equatable {
    /// The base rate throughout.
    case constant
    /// Linear warm-up over `warmupSteps`, then cosine decay from the base rate to
    /// `base · minimumFactor` at `totalSteps`.
    case cosine(totalSteps: Int, warmupSteps: Int = 0, minimumFactor: Float = 0)
    /// The base rate multiplied by `factor` every `stepSize` steps.
    case step(stepSize: Int, factor: Float)

    /// The rate for step `step` (0-based).
    public func learningRate(base: Float, step: Int) -> Float {
        switch self {
        case .constant:
            return base
        case let .cosine(totalSteps, warmupSteps, minimumFactor):
            if step < warmupSteps { return base * Float(step + 1) / Float(warmupSteps) }
            let span = max(totalSteps - warmupSteps, 1)
            let progress = min(Float(step - warmupSteps) / Float(span), 1)
            let cosine = 0.5 * (1 + Float(Foundation.cos(Double.pi * Double(progress))))
            return base * (minimumFactor + (1 - minimumFactor) * cosine)
        case let .step(stepSize, factor):
            return base * Float(Foundation.pow(Double(factor), Double(step / max(stepSize, 1))))
        }
    }
}
