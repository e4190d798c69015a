import ShifAIRuntime

/// An `odml_history`: one user's history, immutable (shared between threads).
final class HistoryHandle: Handle, @unchecked Sendable {
    /// The history.
    let history: UserHistory

    /// A handle on `history`.
    init(_ history: UserHistory) {
        self.history = history
    }
}
