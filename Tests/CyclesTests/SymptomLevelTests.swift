import Testing
@testable import Cycles

@Suite struct SymptomLevelTests {
    /// Each class's typical value lies in that class, and the values rise with the class.
    @Test func typicalValuesFallInTheirOwnClass() {
        #expect(SymptomLevel.typicalValues.count == SymptomLevel.allCases.count)
        for (level, value) in zip(SymptomLevel.allCases, SymptomLevel.typicalValues) {
            #expect(SymptomLevel(value: value) == level)
        }
        #expect(SymptomLevel.typicalValues == SymptomLevel.typicalValues.sorted())
    }
}
