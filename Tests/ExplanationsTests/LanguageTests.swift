import Foundation
import Testing
@testable import Explanations

/// One parsing rule for every language tag the apps, the CLI and JSON give.
struct LanguageTests {
    @Test(arguments: [("fr", Language.fr), ("fr-FR", .fr), ("fr_CA", .fr), ("FR", .fr), (" fr-fr ", .fr),
                      ("en", .en), ("en-US", .en), ("EN-gb", .en), ("en_US", .en), ("en-Latn-US", .en)])
    func tagsOfSupportedLanguagesParse(tag: String, language: Language) throws {
        #expect(try Language(identifier: tag) == language)
    }

    @Test(arguments: ["de", "de-DE", "", "english", "french", "f", "en-", "fr-", "enUS", "e n", "en-US!", "es-FR"])
    func anythingElseIsATypedError(tag: String) {
        #expect(throws: ExplanationError.unsupportedLanguage(tag, available: ["fr", "en"])) { try Language(identifier: tag) }
    }

    @Test func theErrorSaysWhatIsExpected() {
        #expect(ExplanationError.unsupportedLanguage("de", available: ["fr", "en"]).description
                == #"language "de": expected one of fr, en, alone or with a region (fr-FR, en-US)"#)
    }

    @Test func jsonDecodesWithTheSameRuleAndEncodesTheCode() throws {
        #expect(try JSONDecoder().decode([Language].self, from: Data(#"["fr-FR", "en"]"#.utf8)) == [.fr, .en])
        #expect(String(decoding: try JSONEncoder().encode([Language.fr]), as: UTF8.self) == #"["fr"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Language].self, from: Data(#"["it"]"#.utf8)) }
    }

    @Test func pluralRules() {
        #expect(Language.fr.isSingular(0) && Language.fr.isSingular(1.5) && !Language.fr.isSingular(2))
        #expect(!Language.en.isSingular(0) && Language.en.isSingular(1) && !Language.en.isSingular(1.5))
    }
}
