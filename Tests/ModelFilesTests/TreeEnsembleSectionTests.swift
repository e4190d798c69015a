import Testing
@testable import ModelFiles

@Suite struct TreeEnsembleSectionTests {
    @Test func theSampleIsValid() throws {
        try Samples.ensemble.validate(name: "gbt")
        #expect(Samples.ensemble.treeCount == 2 && Samples.ensemble.nodeCount == 7)
        try TreeEnsembleSection().validate(name: "empty")
    }

    @Test func structuralRulesAreEnforced() {
        func reason(_ edit: (inout TreeEnsembleSection) -> Void) -> String? {
            var ensemble = Samples.ensemble
            edit(&ensemble)
            guard case .malformedSection(_, let reason)? = Samples.modelFileError({ try ensemble.validate(name: "t") }) else { return nil }
            return reason
        }
        #expect(reason { $0.treeStarts[1] = 7 } == "tree 1 starts at node 7, outside 0..<7")
        #expect(reason { $0.left[1] = 2 } == "leaf node 1 has children 2, -1; expected -1, -1")
        #expect(reason { $0.feature[0] = -2 } == "node 0 splits on feature -2; expected -1 (leaf) or >= 0")
        #expect(reason { $0.right[3] = 2 } == "node 3 has child 2; children must lie in 4..<7")
        #expect(reason { $0.right[3] = 7 } == "node 3 has child 7; children must lie in 4..<7")
        #expect(reason { $0.threshold[0] = .nan } == "node 0 has a NaN threshold")
        #expect(reason { $0.defaultLeft[2] = 2 } == "node 2 has defaultLeft 2; expected 0 or 1")
    }

    @Test func treeArraysAreLaidOutAligned() throws {
        let layout = try #require(_Layout.treeLayout(treeCount: 2, nodeCount: 7))
        #expect(layout.offsets == [0, 64, 128, 192, 256, 320, 384, 448])
        #expect(layout.length == 455)
        #expect(_Layout.treeLayout(treeCount: 0, nodeCount: Int(Int32.max) + 1) == nil)
    }
}
