import Foundation
import NeuralNet

/// The LSTM's state after the first rows of a prepared day (`PreparedCycleDay.recurrentPrefix`),
/// kept by the forecast, which steps through every row, for the attributions, which start from
/// the state the rows before their window leave: one recurrence over her history instead of two.
/// Safe to use from any thread.
final class _RecurrentPrefix: @unchecked Sendable {
    private let lock = NSLock()
    private var steps = 0
    private var state: LSTM.StreamingState?

    /// Keeps `state`, the network's state after the first `steps` rows.
    func keep(_ state: LSTM.StreamingState, steps: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.steps = steps
        self.state = state
    }

    /// The state after the first `steps` rows, when kept.
    func state(afterSteps steps: Int) -> LSTM.StreamingState? {
        lock.lock()
        defer { lock.unlock() }
        return self.steps == steps ? state : nil
    }
}
