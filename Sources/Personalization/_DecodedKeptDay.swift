#if SQLite
import Cycles
import Foundation

/// The kept day this `AppDatabase` last read or stored, decoded, with the `token` its row held
/// then (`odml_kept_day.token`). Every store writes a new random token, and a trigger gives the
/// row a new one on any other change, so while the row's token is the same its bytes are the
/// ones decoded here: an app that keeps its loop between days reads the token, not the kept day.
/// Shared by the copies of one `AppDatabase`; safe to use from any thread.
final class _DecodedKeptDay: @unchecked Sendable {
    private let lock = NSLock()
    private var token: Int64?
    private var kept: KeptCycleDay?

    /// The kept day decoded from the row that held `token`, when it is the one kept here.
    func kept(token: Int64) -> KeptCycleDay? {
        lock.lock()
        defer { lock.unlock() }
        return self.token == token ? kept : nil
    }

    /// Keeps `kept`, read from or committed to the row with `token`.
    func keep(_ kept: KeptCycleDay, token: Int64) {
        lock.lock()
        defer { lock.unlock() }
        self.token = token
        self.kept = kept
    }
}
#endif
