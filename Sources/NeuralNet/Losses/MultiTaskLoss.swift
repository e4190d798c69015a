import TensorCore

/// A weighted sum of named task losses: `L = Σ_k λ_k L_k`. Each task's gradient is scaled by
/// its `λ_k`, so backward passes can run per head.
public struct MultiTaskLoss: Sendable {
    /// Task weights `λ_k` by task name; tasks without an entry weigh 1.
    public var taskWeights: [String: Float]

    /// A combiner with the given task weights.
    public init(taskWeights: [String: Float]) { self.taskWeights = taskWeights }

    /// The combined loss and the scaled gradient of every task.
    public func combine(_ tasks: [String: LossValue]) -> (value: Float, gradients: [String: Tensor]) {
        var total: Float = 0
        var gradients: [String: Tensor] = [:]
        for name in tasks.keys.sorted() {
            let task = tasks[name]!
            let weight = taskWeights[name] ?? 1
            total += weight * task.value
            gradients[name] = weight == 1 ? task.gradient : task.gradient.multiplying(weight)
        }
        return (total, gradients)
    }
}
