import Foundation

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
