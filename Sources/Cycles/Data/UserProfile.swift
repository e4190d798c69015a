import Explanations
import Foundation

/// One row of `user_profile`.
public struct UserProfile: Sendable, Equatable {
    public var id: String
    public var createdAt: CalendarDay
    public var onboardingCompleted: Bool
    public var cycleType: CycleType
    /// Declared conditions, e.g. `["sopk", "endo"]`.
    public var conditions: [String]
    /// The raw `preferences` JSON object, kept as text.
    public var preferencesJSON: String

    public init(id: String, createdAt: CalendarDay, onboardingCompleted: Bool = true, cycleType: CycleType = .unknown,
                conditions: [String] = [], preferencesJSON: String = "{}") {
        self.id = id
        self.createdAt = createdAt
        self.onboardingCompleted = onboardingCompleted
        self.cycleType = cycleType
        self.conditions = conditions
        self.preferencesJSON = preferencesJSON
    }
}

extension UserProfile {
    /// Her language for the sentences: `preferences.language` read with the one parsing rule
    /// (`Language(identifier:)`: `"fr"`, `"en-GB"`, …); French when she has none (ShifAI is
    /// French-first).
    /// - Throws: `DatasetError.invalidPreference` when `language` is there but is not a tag of a
    ///   supported language (never a silent switch to French).
    public func preferredLanguage() throws -> Language {
        guard let object = try? JSONSerialization.jsonObject(with: Data(preferencesJSON.utf8)) as? [String: Any],
              let field = object["language"] else { return .fr }
        let expected = "a language tag of \(Language.allCases.map(\.rawValue).joined(separator: " or ")) (e.g. fr, fr-FR, en-US)"
        guard let text = field as? String else {
            throw DatasetError.invalidPreference(user: id, field: "language", value: "\(field)", expected: expected)
        }
        do { return try Language(identifier: text) } catch {
            throw DatasetError.invalidPreference(user: id, field: "language", value: text, expected: expected)
        }
    }
}

extension UserProfile {
    /// Ages `age()` accepts, in years.
    package static let ageRange = 10.0...70.0

    /// Her age in years from `preferences.age` (a number), `nil` when she gave none.
    /// - Throws: `DatasetError.invalidPreference` when `age` is there but is not a number in
    ///   `ageRange` (never silently ignored).
    public func age() throws -> Double? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(preferencesJSON.utf8)) as? [String: Any],
              let field = object["age"] else { return nil }
        guard let number = field as? NSNumber, !(field is Bool), UserProfile.ageRange.contains(number.doubleValue) else {
            throw DatasetError.invalidPreference(user: id, field: "age", value: "\(field)",
                                                 expected: "a number of years in \(Int(UserProfile.ageRange.lowerBound))…\(Int(UserProfile.ageRange.upperBound))")
        }
        return number.doubleValue
    }

    /// Whether she declared irregular cycles or a condition that makes them irregular (PCOS,
    /// `sopk`/`pcos` in `conditions`): her cycle-length model then starts from
    /// `CycleLengthPrior.declaredIrregular`.
    public var declaresIrregularCycles: Bool {
        cycleType == .irregular || conditions.contains { ["sopk", "pcos"].contains($0.lowercased()) }
    }
}
