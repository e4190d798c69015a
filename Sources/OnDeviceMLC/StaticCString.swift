#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A C string allocated once and never freed, for the header's static strings (`odml_version`,
/// `odml_status_name`).
struct StaticCString: @unchecked Sendable {
    /// The string; NULL only when the process could not allocate a few bytes.
    let pointer: UnsafePointer<CChar>?

    /// A copy of `text`.
    init(_ text: String) {
        pointer = strdup(text).map { UnsafePointer($0) }
    }
}
