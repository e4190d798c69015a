#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The message of each thread's last call (`odml_last_error`): a C string the library owns,
/// replaced by the thread's next call and freed when the thread ends.
enum LastError {
    /// The thread-local slot: a `strdup`ed message, or NULL after a success.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        return status == 0 ? key : nil
    }()

    /// The text `odml_last_error` gives after a success (and before any call).
    private static let ok = StaticCString("ok")

    /// Records the calling thread's outcome: `nil` for a success, else the failure's message.
    static func record(_ message: String?) {
        guard let key else { return }
        let previous = pthread_getspecific(key)
        let next = message.flatMap { strdup($0) }
        if pthread_setspecific(key, next) != 0 { free(next) }
        free(previous)
    }

    /// The calling thread's message (never NULL): "ok" unless its last call failed.
    static var current: UnsafePointer<CChar>? {
        guard let key, let message = pthread_getspecific(key) else { return ok.pointer }
        return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
}
