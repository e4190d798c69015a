import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct DatasetReportTests {
    /// Every `--report` row within tolerance, for every built-in cohort (300 users × 12 months).
    @Test(arguments: CohortConfig.builtInNames)
    func everyReferenceStatisticPasses(cohort: String) throws {
        let dataset = SyntheticCycles.generate(config: try CohortConfig.named(cohort), users: 300, months: 12, seed: 2026)
        let report = DatasetReport(dataset: dataset)
        #expect(report.cohort == cohort)
        #expect(report.rows.count >= 15)
        for row in report.rows where row.notApplicable == nil {
            #expect(row.measured != nil, "\(cohort): \(row.key) not measured")
            #expect(row.passed, "\(cohort): \(row.label) = \(row.measured ?? .nan), accepted \(row.accepted)")
        }
    }

    @Test func configFilesMatchTheBuiltIns() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in CohortConfig.builtInNames {
            let url = root.appendingPathComponent("Datasets/configs/\(name).json")
            let loaded = try CohortConfig.load(from: url)
            #expect(loaded == (try CohortConfig.named(name)), "Datasets/configs/\(name).json differs from CohortConfig.named(\"\(name)\")")
            #expect(try Data(contentsOf: url) == (try CohortConfig.named(name).jsonData()))
        }
    }
}
