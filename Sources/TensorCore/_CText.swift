/// C strings held in fixed-size `char` arrays, which Swift imports as tuples.
enum _CText {
    /// The bytes of `tuple` up to its first NUL, as UTF-8.
    static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
