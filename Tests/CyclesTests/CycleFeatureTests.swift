import Foundation
import Testing
import Explanations
import ModelFiles
@testable import Cycles

/// The typed feature registries of both cycle models: stable for model files, and every feature
/// speaks in both languages, by its own phrase or by a declared group phrase.
@Suite struct CycleFeatureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let registries: [(model: String, features: [CycleFeature])] = [
        ("gbt", TabularFeatureBuilder.features), ("lstm", DailyFeatureBuilder.features),
    ]
    /// A group no template names: lookups that must succeed by the feature's own key alone.
    static let noGroup = FeatureGroup("no_such_group")

    /// The phrase `templates` give a contribution of `key`/`phraseKey` in `group`, for any
    /// direction and sign; `nil` when none.
    static func phrase(_ templates: ReasoningTemplates, key: String, phraseKey: String?, group: FeatureGroup) -> String? {
        for direction in FeatureDirection.allCases {
            for sign in [1.0, -1.0] {
                let contribution = FeatureContribution(key: key, group: group, phraseKey: phraseKey, value: 2,
                                                       direction: direction, contribution: sign)
                if let text = templates.phrase(for: contribution) { return text }
            }
        }
        return nil
    }

    @Test func registriesMatchTheShippedModelFiles() throws {
        let gbt = try ModelFile.read(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))
        #expect(gbt.header.features.map(\.name) == TabularFeatureBuilder.features.map(\.name))
        #expect(gbt.header.features.map(\.group) == TabularFeatureBuilder.features.map(\.group.rawValue))
        let lstm = try ModelFile.read(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))
        #expect(lstm.header.features.map(\.name) == DailyFeatureBuilder.featureNames)
        #expect(lstm.header.features.map(\.group) == DailyFeatureBuilder.features.map(\.group.rawValue))
        for (model, features) in Self.registries {
            #expect(Set(features.map(\.name)).count == features.count, "\(model): duplicate names")
        }
    }

    @Test(arguments: ReasoningTemplates.bundledLanguages)
    func everyFeatureHasAPhraseOrADeclaredGroupFallback(language: String) throws {
        let templates = try ReasoningTemplates.bundled(language: language)
        for (model, features) in Self.registries {
            for feature in features {
                switch feature.phrase {
                case let .key(key):
                    #expect(Self.phrase(templates, key: feature.name, phraseKey: key, group: Self.noGroup) != nil,
                            "\(model) \(feature.name): phrase key \(key) has no \(language) template")
                case .group:
                    #expect(Self.phrase(templates, key: "-", phraseKey: nil, group: feature.group.phraseGroup) != nil,
                            "\(model) \(feature.name): group \(feature.group.phraseGroup) has no \(language) template")
                    #expect(Self.phrase(templates, key: feature.name, phraseKey: nil, group: Self.noGroup) == nil,
                            "\(model) \(feature.name) has a \(language) phrase of its own: declare .key(\"\(feature.name)\")")
                }
            }
        }
    }

    @Test func descriptorsCarryTheDeclaredPhraseKey() {
        for (_, features) in Self.registries {
            for feature in features {
                let descriptor = feature.descriptor
                #expect(descriptor.key == feature.name)
                #expect(descriptor.group == feature.group.phraseGroup)
                switch feature.phrase {
                case let .key(key): #expect((descriptor.phraseKey ?? descriptor.key) == key)
                case .group: #expect(descriptor.phraseKey == nil)
                }
            }
        }
    }
}
