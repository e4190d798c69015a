/// A strict, single-pass JSON reader for the common shape of the header, about 20× faster than
/// `JSONDecoder` on the headers models ship with.
///
/// It decodes the keys `ModelHeader` knows, skips the others, and gives up (returns `nil`) on
/// anything unusual: a syntax error, a type mismatch, a duplicate key, an escaped key, a lone
/// surrogate, invalid UTF-8, nesting deeper than `maximumDepth`, or a number it cannot convert
/// exactly. The caller then decodes the header with `JSONDecoder`, which gives the same result or
/// the precise error. Whatever this reader accepts, `JSONDecoder` decodes to an equal header
/// (checked by a differential fuzz test).
struct _HeaderParser {
    /// Why the fast path gave up; never surfaces to users.
    struct Fallback: Error {}

    private static let maximumDepth = 32
    /// Powers of ten exactly representable as `Double` (Clinger's fast path).
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value: Double = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The header encoded in `bytes`, or `nil` when the fast path does not apply.
    static func header(from bytes: UnsafeRawBufferPointer) -> ModelHeader? {
        var parser = _HeaderParser(bytes)
        do {
            let header = try parser.parseHeader()
            parser.skipWhitespace()
            return parser.position == bytes.count ? header : nil
        } catch {
            return nil
        }
    }

    // MARK: - Header schema

    private mutating func parseHeader() throws(Fallback) -> ModelHeader {
        var kind: String?
        var createdBy: String?
        var createdAt: String?
        var features: [FeatureSpec]?
        var fingerprint: String?
        var metrics: [String: Double]?
        var properties: [String: String]?
        var seen: UInt32 = 0
        try beginObject()
        var isFirst = true
        while let key = try nextKey(&isFirst) {
            if Self.matches(key, "kind") {
                try Self.mark(&seen, 0)
                kind = try parseString()
            } else if Self.matches(key, "created_by") {
                try Self.mark(&seen, 1)
                createdBy = try consumeNull() ? nil : parseString()
            } else if Self.matches(key, "created_at") {
                try Self.mark(&seen, 2)
                createdAt = try consumeNull() ? nil : parseString()
            } else if Self.matches(key, "features") {
                try Self.mark(&seen, 3)
                features = try consumeNull() ? nil : parseFeatures()
            } else if Self.matches(key, "training_data_fingerprint") {
                try Self.mark(&seen, 4)
                fingerprint = try consumeNull() ? nil : parseString()
            } else if Self.matches(key, "metrics") {
                try Self.mark(&seen, 5)
                metrics = try consumeNull() ? nil : parseMetrics()
            } else if Self.matches(key, "properties") {
                try Self.mark(&seen, 6)
                properties = try consumeNull() ? nil : parseProperties()
            } else {
                try skipValue(depth: 1)
            }
        }
        guard let kind else { throw Fallback() }
        return ModelHeader(kind: kind, createdBy: createdBy ?? "", createdAt: createdAt, features: features ?? [],
                           trainingDataFingerprint: fingerprint, metrics: metrics ?? [:], properties: properties ?? [:])
    }

    private mutating func parseFeatures() throws(Fallback) -> [FeatureSpec] {
        skipWhitespace()
        try consume(UInt8(ascii: "["))
        var features: [FeatureSpec] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return features
        }
        while true {
            features.append(try parseFeature())
            skipWhitespace()
            guard let byte = peek() else { throw Fallback() }
            position += 1
            if byte == UInt8(ascii: "]") { return features }
            guard byte == UInt8(ascii: ",") else { throw Fallback() }
        }
    }

    private mutating func parseFeature() throws(Fallback) -> FeatureSpec {
        var name: String?
        var group: String?
        var scaling: FeatureScaling?
        var seen: UInt32 = 0
        try beginObject()
        var isFirst = true
        while let key = try nextKey(&isFirst) {
            if Self.matches(key, "name") {
                try Self.mark(&seen, 0)
                name = try parseString()
            } else if Self.matches(key, "group") {
                try Self.mark(&seen, 1)
                group = try consumeNull() ? nil : parseString()
            } else if Self.matches(key, "scaling") {
                try Self.mark(&seen, 2)
                scaling = try consumeNull() ? nil : parseScaling()
            } else {
                try skipValue(depth: 3)
            }
        }
        guard let name else { throw Fallback() }
        return FeatureSpec(name: name, group: group, scaling: scaling)
    }

    /// A scaling object; every one of its four numeric keys that is present must hold a number.
    private mutating func parseScaling() throws(Fallback) -> FeatureScaling {
        var type: String?
        var mean: Double?
        var standardDeviation: Double?
        var minimum: Double?
        var maximum: Double?
        var seen: UInt32 = 0
        try beginObject()
        var isFirst = true
        while let key = try nextKey(&isFirst) {
            if Self.matches(key, "type") {
                try Self.mark(&seen, 0)
                type = try parseString()
            } else if Self.matches(key, "mean") {
                try Self.mark(&seen, 1)
                mean = try parseDouble()
            } else if Self.matches(key, "standard_deviation") {
                try Self.mark(&seen, 2)
                standardDeviation = try parseDouble()
            } else if Self.matches(key, "minimum") {
                try Self.mark(&seen, 3)
                minimum = try parseDouble()
            } else if Self.matches(key, "maximum") {
                try Self.mark(&seen, 4)
                maximum = try parseDouble()
            } else {
                try skipValue(depth: 4)
            }
        }
        switch type {
        case "standardization":
            guard let mean, let standardDeviation else { throw Fallback() }
            return .standardization(mean: mean, standardDeviation: standardDeviation)
        case "min_max":
            guard let minimum, let maximum else { throw Fallback() }
            return .minMax(minimum: minimum, maximum: maximum)
        default:
            throw Fallback()
        }
    }

    private mutating func parseMetrics() throws(Fallback) -> [String: Double] {
        var metrics: [String: Double] = [:]
        try beginObject()
        var isFirst = true
        while let key = try nextDictionaryKey(&isFirst) {
            guard metrics.updateValue(try parseDouble(), forKey: key) == nil else { throw Fallback() }
        }
        return metrics
    }

    private mutating func parseProperties() throws(Fallback) -> [String: String] {
        var properties: [String: String] = [:]
        try beginObject()
        var isFirst = true
        while let key = try nextDictionaryKey(&isFirst) {
            guard properties.updateValue(try parseString(), forKey: key) == nil else { throw Fallback() }
        }
        return properties
    }

    private static func mark(_ seen: inout UInt32, _ bit: Int) throws(Fallback) {
        let flag: UInt32 = 1 << UInt32(bit)
        guard seen & flag == 0 else { throw Fallback() }
        seen |= flag
    }

    private static func matches(_ key: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        guard key.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for index in 0..<key.count where key[index] != expected[index] { return false }
        return true
    }

    // MARK: - JSON grammar

    @inline(__always)
    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// Hot loops work on a local index (kept in a register) and store `position` once at the end.
    @inline(__always)
    private mutating func skipWhitespace() {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default:
                position = index
                return
            }
        }
        position = index
    }

    @inline(__always)
    private mutating func consume(_ byte: UInt8) throws(Fallback) {
        guard position < bytes.count, bytes[position] == byte else { throw Fallback() }
        position += 1
    }

    private mutating func consumeLiteral(_ literal: StaticString) throws(Fallback) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw Fallback() }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] { throw Fallback() }
        position += count
    }

    /// Whether the next value is `null` (then consumed).
    private mutating func consumeNull() throws(Fallback) -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "n") else { return false }
        try consumeLiteral("null")
        return true
    }

    private mutating func beginObject() throws(Fallback) {
        skipWhitespace()
        try consume(UInt8(ascii: "{"))
    }

    /// The raw bytes of the next key of the current object (then positioned at its value), or `nil`
    /// after the closing brace. Keys with escapes are left to `JSONDecoder`.
    private mutating func nextKey(_ isFirst: inout Bool) throws(Fallback) -> UnsafeRawBufferPointer? {
        skipWhitespace()
        guard let byte = peek() else { throw Fallback() }
        if byte == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        if !isFirst {
            try consume(UInt8(ascii: ","))
            skipWhitespace()
        }
        isFirst = false
        try consume(UInt8(ascii: "\""))
        let start = position
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let character = bytes[index]
            guard character >= 0x20, character < 0x80, character != UInt8(ascii: "\\") else { throw Fallback() }
            index += 1
        }
        guard index < bytes.count else { throw Fallback() }
        let key = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        position = index + 1
        skipWhitespace()
        try consume(UInt8(ascii: ":"))
        return key
    }

    /// The next key (any string) of the current object, then positioned at its value, or `nil`
    /// after the closing brace.
    private mutating func nextDictionaryKey(_ isFirst: inout Bool) throws(Fallback) -> String? {
        skipWhitespace()
        guard let byte = peek() else { throw Fallback() }
        if byte == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        if !isFirst {
            try consume(UInt8(ascii: ","))
        }
        isFirst = false
        let key = try parseString()
        skipWhitespace()
        try consume(UInt8(ascii: ":"))
        return key
    }

    private mutating func parseString() throws(Fallback) -> String {
        skipWhitespace()
        try consume(UInt8(ascii: "\""))
        let start = position
        var index = start
        var isASCII = true
        while true {
            guard index < bytes.count else { throw Fallback() }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw Fallback() }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        position = index
        let plain = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            if isASCII { return String(decoding: plain, as: UTF8.self) }
            guard let string = String(validating: plain, as: UTF8.self) else { throw Fallback() }
            return string
        }
        var utf8 = Array(plain)
        while true {
            guard position < bytes.count else { throw Fallback() }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: utf8, as: UTF8.self) else { throw Fallback() }
                return string
            case UInt8(ascii: "\\"):
                guard let escaped = peek() else { throw Fallback() }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try parseHexQuad()
                    if (0xD800..<0xDC00).contains(value) {
                        try consume(UInt8(ascii: "\\"))
                        try consume(UInt8(ascii: "u"))
                        let low = try parseHexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw Fallback() }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else { throw Fallback() }
                    utf8.append(contentsOf: UTF8.encode(scalar)!)
                default:
                    throw Fallback()
                }
            default:
                guard byte >= 0x20 else { throw Fallback() }
                utf8.append(byte)
            }
        }
    }

    private mutating func parseHexQuad() throws(Fallback) -> UInt32 {
        guard bytes.count - position >= 4 else { throw Fallback() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Fallback()
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number, or one of the strings `"nan"`, `"inf"`, `"-inf"` the header uses for non-finite values.
    private mutating func parseDouble() throws(Fallback) -> Double {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { return try parseNumber() }
        switch try parseString() {
        case "nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        default: throw Fallback()
        }
    }

    /// A JSON number as the nearest `Double`; non-finite or underflowing results are left to `JSONDecoder`.
    private mutating func parseNumber() throws(Fallback) -> Double {
        skipWhitespace()
        let start = position
        let isNegative = peek() == UInt8(ascii: "-")
        if isNegative { position += 1 }
        var mantissa: UInt64 = 0
        var isExact = true
        var hasNonZeroDigit = false
        var exponent = 0

        func digit() -> UInt64? {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            return UInt64(byte - UInt8(ascii: "0"))
        }
        func accumulate(_ value: UInt64) {
            if value != 0 { hasNonZeroDigit = true }
            if mantissa <= (UInt64.max - 9) / 10 {
                mantissa = mantissa * 10 + value
            } else {
                isExact = false
                exponent += 1
            }
        }

        guard let first = digit() else { throw Fallback() }
        position += 1
        if first == 0 {
            if digit() != nil { throw Fallback() }   // no leading zeros
        } else {
            accumulate(first)
            while let next = digit() {
                position += 1
                accumulate(next)
            }
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard digit() != nil else { throw Fallback() }
            while let next = digit() {
                position += 1
                if mantissa <= (UInt64.max - 9) / 10 {
                    accumulate(next)
                    exponent -= 1
                } else if next != 0 {
                    isExact = false
                    hasNonZeroDigit = true
                }
            }
        }
        if let marker = peek(), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            position += 1
            var exponentIsNegative = false
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentIsNegative = sign == UInt8(ascii: "-")
                position += 1
            }
            guard digit() != nil else { throw Fallback() }
            var written = 0
            while let next = digit() {
                position += 1
                if written < 100_000 { written = written * 10 + Int(next) }
            }
            exponent += exponentIsNegative ? -written : written
        }

        var magnitude: Double
        if isExact, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            magnitude = Double(mantissa)
            if exponent >= 0 {
                magnitude *= Self.exactPowersOfTen[exponent]
            } else {
                magnitude /= Self.exactPowersOfTen[-exponent]
            }
        } else {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let value = Double(text) else { throw Fallback() }
            magnitude = value.magnitude
        }
        guard magnitude.isFinite, magnitude != 0 || !hasNonZeroDigit else { throw Fallback() }
        return isNegative ? -magnitude : magnitude
    }

    /// Skips any JSON value, checking its syntax.
    private mutating func skipValue(depth: Int) throws(Fallback) {
        guard depth <= Self.maximumDepth else { throw Fallback() }
        skipWhitespace()
        guard let byte = peek() else { throw Fallback() }
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            var keys: Set<String> = []
            var isFirst = true
            while let key = try nextDictionaryKey(&isFirst) {
                guard keys.insert(key).inserted else { throw Fallback() }
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard let next = peek() else { throw Fallback() }
                position += 1
                if next == UInt8(ascii: "]") { return }
                guard next == UInt8(ascii: ",") else { throw Fallback() }
            }
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "t"): try consumeLiteral("true")
        case UInt8(ascii: "f"): try consumeLiteral("false")
        case UInt8(ascii: "n"): try consumeLiteral("null")
        default: _ = try parseNumber()
        }
    }
}
