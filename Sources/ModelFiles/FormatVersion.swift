/// The `.odml` container version, `major.minor`.
///
/// Policy: a reader refuses files of another major version (`ModelFileError.unsupportedVersion`);
/// a newer minor version may add section types, which older readers of the same major skip.
public struct FormatVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Incompatible layout changes bump the major version.
    public var major: UInt16
    /// Backward-compatible additions (new section types) bump the minor version.
    public var minor: UInt16

    /// A version `major.minor`.
    public init(major: UInt16, minor: UInt16) {
        self.major = major
        self.minor = minor
    }

    /// The version this library writes, and the newest it reads.
    package static let current = FormatVersion(major: 1, minor: 1)

    /// `"major.minor"`.
    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// Encodes as the string `"major.minor"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes the string `"major.minor"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = UInt16(parts[0]), let minor = UInt16(parts[1]) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected \"major.minor\", found \"\(text)\"")
        }
        self.init(major: major, minor: minor)
    }
}
