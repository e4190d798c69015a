#if SQLite
import Crypto
import Foundation

/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name) in the OnDeviceML
/// namespace: the same name always gives the same id, which makes the loop's writes idempotent.
enum _NameBasedUUID {
    /// The OnDeviceML namespace (a fixed random UUID).
    static let namespace = UUID(uuidString: "6F1D7C2E-5B0A-4E8E-9C61-0D3B7A9E2F41")!

    /// The lower-case UUID string for `name`.
    static func make(_ name: String) -> String {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes += Array(name.utf8)
        var digest = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        let uuid = digest.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
        return UUID(uuid: uuid).uuidString.lowercased()
    }
}
#endif
