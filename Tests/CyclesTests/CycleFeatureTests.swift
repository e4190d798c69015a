import Foundation
import Testing
import Explanations
import ModelFiles
@testable import Cycles
@testable import CyclesLab

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

    @Test(arguments: Language.allCases)
    func everyFeatureHasAPhraseOrADeclaredGroupFallback(language: Language) throws {
        let templates = try CyclePhrases.generator().templates(for: language)
        for (model, features) in Self.registries {
            for feature in features {
                switch feature.phrase {
                case let .key(key):
                    #expect(Self.phrase(templates, key: feature.name, phraseKey: key, group: Self.noGroup) != nil,
                            "\(model) \(feature.name): phrase key \(key) has no \(language) template")
                case .group:
                    #expect(Self.phrase(templates, key: "-", phraseKey: nil, group: feature.group.phraseGroup) != nil,
                            "\(model) \(feature.name): group \(feature.group.phraseGroup) has no \(language) template")
                    // A group phrase must not show the value: it would be this feature's, not the group's
                    // ("cycle day 12" for 12 days since bleeding).
                    for direction in FeatureDirection.allCases {
                        let contribution = FeatureContribution(key: feature.name, group: feature.group.phraseGroup,
                                                               value: 987, direction: direction, contribution: 1)
                        let text = templates.phrase(for: contribution) ?? ""
                        #expect(!text.contains("987"), "\(model) \(feature.name) falls back to a group phrase showing its value: \(text)")
                    }
                    #expect(Self.phrase(templates, key: feature.name, phraseKey: nil, group: Self.noGroup) == nil,
                            "\(model) \(feature.name) has a \(language) phrase of its own: declare .key(\"\(feature.name)\")")
                }
            }
        }
    }

    /// The fertility-signal features are appended after the features of the previous versions
    /// (tabular-v3's 66, daily-v2's 28, which keep their order) and each speaks with a phrase of
    /// its own in both languages, never a group fallback (the LSTM's day count since the evidenced
    /// ovulation, 0 without evidence, speaks as whether ovulation was seen).
    @Test(arguments: Language.allCases)
    func signalFeaturesAreAppendedAndPhrased(language: Language) throws {
        let templates = try CyclePhrases.generator().templates(for: language)
        for (model, features, previous) in [("gbt", TabularFeatureBuilder.features, 66), ("lstm", DailyFeatureBuilder.features, 28)] {
            #expect(features.prefix(previous).allSatisfy { $0.group != .signals }, "\(model)")
            let signals = features.dropFirst(previous)
            #expect(!signals.isEmpty && signals.allSatisfy { $0.group == .signals }, "\(model)")
            for feature in signals {
                guard case let .key(key) = feature.phrase else {
                    Issue.record("\(model) \(feature.name): a signal feature needs a phrase of its own")
                    continue
                }
                #expect(Self.phrase(templates, key: feature.name, phraseKey: key, group: Self.noGroup) != nil,
                        "\(model) \(feature.name): no \(language) phrase for \(key)")
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

    /// The features that move the shipped models' forecasts most speak for themselves: the 10
    /// largest mean |TreeSHAP| of the boosted trees' period model and the 8 largest mean
    /// |Integrated Gradients| of the LSTM's period head, over days of committed users, all have
    /// a phrase of their own.
    @Test func theShippedModelsTopFeaturesHaveTheirOwnPhrase() throws {
        let gbt = try GBTCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))
        let lstm = try LSTMCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))
        var trees = [Double](repeating: 0, count: TabularFeatureBuilder.featureCount)
        var network = [Double](repeating: 0, count: DailyFeatureBuilder.featureCount)
        for name in ["irregular", "mixed"] {
            let dataset = try CycleDataset.load(from: Self.root.appendingPathComponent("Datasets/\(name)"))
            for user in dataset.users.prefix(6) {
                for fraction in [0.4, 0.9] {
                    let day = user.records[Int(Double(user.records.count) * fraction)].date
                    for (index, contribution) in try gbt.periodAttribution(for: user, on: day).contributions.enumerated() {
                        trees[index] += abs(contribution.contribution)
                    }
                    for (index, contribution) in try lstm.periodAttribution(for: user, on: day).contributions.enumerated() {
                        network[index] += abs(contribution.contribution)
                    }
                }
            }
        }
        for (model, importance, features, top) in [("gbt", trees, TabularFeatureBuilder.features, 10),
                                                   ("lstm", network, DailyFeatureBuilder.features, 8)] {
            for index in importance.indices.sorted(by: { importance[$0] > importance[$1] }).prefix(top) {
                #expect(features[index].phrase != .group, "\(model): \(features[index].name) is among the \(top) most important features")
            }
        }
    }
}
