import Foundation
import Testing
@testable import Explanations

/// Phrase files and format files: each error names the file and the field.
struct PhraseBookTests {
    func book(_ json: String, file: String = "book.json") throws -> PhraseBook {
        try PhraseBook(data: Data(json.utf8), file: file)
    }

    @Test func everyEntryHasEveryLanguage() {
        #expect(throws: ExplanationError.invalidTemplateFile(file: "book.json", reason: #"texts."a": no "en" form"#)) {
            try book(#"{"texts": {"a": {"fr": "un"}}}"#)
        }
        #expect(throws: ExplanationError.invalidTemplateFile(file: "book.json", reason: #"texts."a": unknown language "de"; expected fr, en"#)) {
            try book(#"{"texts": {"a": {"fr": "un", "en": "one", "de": "eins"}}}"#)
        }
        #expect(throws: ExplanationError.invalidTemplateFile(file: "book.json", reason: "unknown section \"words\"; expected predictions, factors, texts")) {
            try book(#"{"words": {}}"#)
        }
    }

    @Test func malformedPluralsAndJSONNameTheField() throws {
        do {
            _ = try book(#"{"factors": {"a": {"fr": {"one": "x"}, "en": "y"}}}"#)
            Issue.record("expected an error")
        } catch let ExplanationError.invalidTemplateFile(file, reason) {
            #expect(file == "book.json" && reason.hasPrefix(#"field "factors.a.fr""#), "\(reason)")
        }
        #expect(throws: ExplanationError.self) { try book("[1, 2]") }
    }

    @Test func anEntryHasOneHome() throws {
        let first = try book(#"{"texts": {"a": {"fr": "un", "en": "one"}}}"#, file: "first.json")
        let second = try book(#"{"texts": {"a": {"fr": "une", "en": "one"}}}"#, file: "second.json")
        #expect(throws: ExplanationError.duplicatePhrase(section: "texts", key: "a", files: ["first.json", "second.json"])) {
            try ReasoningGenerator(phraseBooks: [first, second])
        }
        // The same key in another section is another entry.
        let factor = try book(#"{"factors": {"a": {"fr": "un", "en": "one"}}}"#, file: "factor.json")
        #expect(try ReasoningGenerator(phraseBooks: [first, factor]).text("a", language: .en) == "one")
        #expect(first.keys(in: .texts) == ["a"] && first.keys(in: .factors).isEmpty)
    }

    @Test func formatFilesAreCheckedWhenRead() throws {
        let missing = Data(#"{"language": "fr", "sentence": "{prediction} car {factors}"}"#.utf8)
        #expect(throws: ExplanationError.invalidTemplateFile(file: "xx.json", reason: #"missing field "fallback""#)) {
            try _LanguageFormat(data: missing, file: "xx.json")
        }
        var text = String(decoding: try Data(contentsOf: _LanguageFormat.bundledURL(.en)!), as: UTF8.self)
        text = text.replacingOccurrences(of: "{prediction} because: {factors}", with: "{prediction} because:")
        #expect(throws: ExplanationError.invalidTemplateFile(file: "en.json", reason: #"field "sentence": expected the placeholder {factors}, found "{prediction} because:""#)) {
            try _LanguageFormat(data: Data(text.utf8), file: "en.json")
        }
        for language in Language.allCases {
            #expect(try _LanguageFormat.bundled(language).language == language)
        }
    }
}
