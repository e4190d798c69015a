import Foundation
import Testing
import TensorCore
@testable import ModelFiles

/// `_HeaderParser` (the fast path) against `JSONDecoder` (the reference): it accepts the headers
/// writers produce, and whatever it accepts decodes to the same header as `JSONDecoder`.
@Suite struct HeaderParserTests {
    static func fast(_ json: [UInt8]) -> ModelHeader? {
        json.withUnsafeBytes { _HeaderParser.header(from: $0) }
    }

    static func reference(_ json: [UInt8]) -> ModelHeader? {
        try? _JSON.decoder().decode(ModelHeader.self, from: Data(json))
    }

    /// Headers compared through their canonical encoding, so NaN equals NaN and -0 differs from 0.
    static func same(_ first: ModelHeader?, _ second: ModelHeader?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        let encoder = _JSON.encoder()
        return (try? encoder.encode(first)) == (try? encoder.encode(second))
    }

    static let written: [ModelHeader] = [
        Samples.header,
        ModelHeader(kind: "empty"),
        ModelHeader(kind: "ünïcode ✓ 😀", createdBy: "tab\tquote\"backslash\\slash/newline\n\u{1}",
                    features: [FeatureSpec(name: "a", scaling: .minMax(minimum: -.infinity, maximum: .infinity))],
                    metrics: ["nan": .nan, "negative zero": -0.0, "tiny": .leastNonzeroMagnitude, "huge": 1.7976931348623157e308,
                              "third": 1.0 / 3.0, "integer": 123_456_789_012],
                    properties: ["json": "{\"layers\":[1,2]}", "": "empty key"]),
    ]

    @Test func acceptsWrittenHeaders() throws {
        for header in Self.written {
            let json = try Array(_JSON.encoder().encode(header))
            let parsed = Self.fast(json)
            #expect(parsed != nil)
            #expect(Self.same(parsed, header))
        }
    }

    @Test func agreesWithJSONDecoderOnHandWrittenHeaders() {
        let accepted = [
            #"{"kind":"a","created_by":null,"created_at":null,"features":null,"metrics":null,"properties":null}"#,
            #" { "kind" : "a" , "extra" : [1, {"x": [true, false, null, -1.5e3]}, "s\u00e9", {}, []] } "#,
            #"{"kind":"a\n\u00e9\ud83d\ude00\/\b\f\r\t\"\\"}"#,
            #"{"kind":"a","features":[{"name":"f","group":null,"scaling":null,"other":{"deep":[[[]]]}}]}"#,
            #"{"kind":"a","features":[{"name":"f","scaling":{"type":"min_max","minimum":"-inf","maximum":1E+2,"mean":5}}]}"#,
            #"{"kind":"a","metrics":{"a":0,"b":-0,"c":0.1,"d":1e-5,"e":1E+2,"f":15.009542465209961,"g":123456789012345678901234567890}}"#,
            #"{"kind":"a","metrics":{"h":2.2250738585072014e-308,"i":4.9e-324,"j":0.30000000000000004,"k":1e22,"l":1e23,"m":9007199254740993}}"#,
            #"{"kind":"a","metrics":{"n":"nan","o":"inf","p":"-inf","q":0.000000000000000000000000000001,"r":123.456e-2}}"#,
            #"{"kind":"a","properties":{"\u006b":"escaped key","k2":"v"}}"#,
        ]
        for text in accepted {
            let json = Array(text.utf8)
            #expect(Self.reference(json) != nil, "JSONDecoder rejects \(text)")
            #expect(Self.fast(json) != nil, "the fast path rejects \(text)")
            #expect(Self.same(Self.fast(json), Self.reference(json)), "\(text)")
        }
        let rejected = [
            #"{"kind":1}"#, #"{"kind":"a",}"#, #"{"kind":"a"} x"#, #"{"kind":"a","kind":"b"}"#, #"{"kind":"a\ud800"}"#,
            #"{"kind":"a","metrics":{"m":01}}"#, #"{"kind":"a","metrics":{"m":"x"}}"#, #"{"kind":"a","metrics":{"m":1e400}}"#,
            #"{"kind":"a","metrics":{"m":1.}}"#, #"{"kind":"a","metrics":{"m":.5}}"#, #"{"kind":"a","metrics":{"m":+1}}"#,
            #"{"kind":"a","features":[{"name":"f","scaling":{"type":"min_max","minimum":1}}]}"#,
            #"{"created_by":"no kind"}"#, #"["kind"]"#, "{\"kind\":\"tab\tinside\"}", #"{"kind":"a""#, "",
        ]
        for text in rejected {
            #expect(Self.fast(Array(text.utf8)) == nil, "the fast path accepts \(text)")
        }
    }

    /// Seeded mutations of written headers: the fast path never accepts what `JSONDecoder`
    /// rejects and never decodes differently.
    @Test func differentialFuzz() throws {
        var generator = SeededGenerator(seed: 0x4EAD)
        let seeds = try Self.written.map { try Array(_JSON.encoder().encode($0)) }
        let alphabet = Array(#"{}[]",:0123456789-+.eE \nulltruefalse"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xA9, 0xFF]
        var acceptedCount = 0
        for _ in 0..<2_000 {
            var json = seeds[generator.nextInt(below: seeds.count)]
            for _ in 0...generator.nextInt(below: 3) {
                let position = generator.nextInt(below: json.count + 1)
                switch generator.nextInt(below: 3) {
                case 0 where position < json.count: json[position] = alphabet[generator.nextInt(below: alphabet.count)]
                case 1: json.insert(alphabet[generator.nextInt(below: alphabet.count)], at: position)
                default: json.removeSubrange(position..<min(json.count, position + 1 + generator.nextInt(below: 4)))
                }
            }
            guard let parsed = Self.fast(json) else { continue }
            acceptedCount += 1
            let reference = Self.reference(json)
            #expect(Self.same(parsed, reference), "\(String(decoding: json, as: UTF8.self))")
        }
        #expect(acceptedCount > 100)   // the mutations still exercise the accepting path
    }
}
