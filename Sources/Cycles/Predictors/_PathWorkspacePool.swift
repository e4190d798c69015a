import Foundation
import NeuralNet

/// Spare `LSTM.PathWorkspace`s shared by every `LSTMCyclePredictor` explanation: a call takes
/// one (or makes one), uses it alone, and gives it back, so repeated explanations reuse their
/// few MB of buffers instead of allocating and page-faulting them each time. One spare is kept
/// (about 3 MB for the 60-day window; a workspace adapts to the shape of the LSTM using it); a
/// second concurrent caller makes a temporary one.
final class _PathWorkspacePool: @unchecked Sendable {
    static let shared = _PathWorkspacePool()
    private let lock = NSLock()
    private var spares: [LSTM.PathWorkspace] = []

    /// Runs `body` with a workspace no other caller is using.
    func withWorkspace<R>(_ body: (LSTM.PathWorkspace) throws -> R) rethrows -> R {
        let workspace = lock.withLock { spares.popLast() } ?? LSTM.PathWorkspace()
        defer { lock.withLock { if spares.isEmpty { spares.append(workspace) } } }
        return try body(workspace)
    }
}
