import Testing
@testable import ModelFiles

/// The compact tree-ensemble section (type 3): 13 bytes per node, split values derived on read.
@Suite struct CompactTreeLayoutTests {
    /// `Samples.ensemble` with each split's value replaced by what a compact reader derives.
    static var derivedSample: TreeEnsembleSection {
        var ensemble = Samples.ensemble
        for node in stride(from: ensemble.nodeCount - 1, through: 0, by: -1) where ensemble.feature[node] >= 0 {
            let left = Int(ensemble.left[node]), right = Int(ensemble.right[node])
            let leftCover = Double(ensemble.cover[left]), rightCover = Double(ensemble.cover[right])
            ensemble.value[node] = Float((leftCover * Double(ensemble.value[left]) + rightCover * Double(ensemble.value[right]))
                                         / (leftCover + rightCover))
        }
        return ensemble
    }

    static func compactFile(_ ensemble: TreeEnsembleSection = Samples.ensemble) -> ModelFile {
        var model = ModelFile(kind: "cycle-gbt")
        model.setTreeEnsemble("gbt", ensemble, layout: .compact)
        return model
    }

    @Test func roundTripKeepsEverythingButSplitValues() throws {
        let decoded = try ModelFile.decode(try Self.compactFile().encoded())
        let ensemble = try decoded.treeEnsemble("gbt")
        let original = Samples.ensemble
        #expect(ensemble == Self.derivedSample)
        #expect(ensemble.value[0] != original.value[0], "the sample's split value is not its children's mean")
        for node in 0..<original.nodeCount where original.feature[node] < 0 { #expect(ensemble.value[node] == original.value[node]) }
        #expect(decoded.treeEnsembleLayout("gbt") == .compact)
        #expect(try ModelFile.decode(try decoded.encoded()) == decoded, "a second round trip is exact")
    }

    @Test func payloadIsThirteenBytesPerNode() throws {
        let layout = try #require(_Layout.compactTreeLayout(treeCount: 2, nodeCount: 7))
        #expect(layout.offsets == [0, 64, 128, 192, 256, 320])
        #expect(layout.length == 327)
        let large = try #require(_Layout.compactTreeLayout(treeCount: 100, nodeCount: 10_000))
        let soa = try #require(_Layout.treeLayout(treeCount: 100, nodeCount: 10_000))
        #expect(large.length <= 13 * 10_000 + 4 * 100 + 5 * 64)
        #expect(soa.length >= 25 * 10_000)
        let inspection = try ModelFile.inspect(try Self.compactFile().encoded())
        #expect(inspection.sections.map(\.encoding) == ["compact"])
        #expect(inspection.formatVersion == FormatVersion(major: 1, minor: 1))
    }

    @Test func structOfArraysStaysTheDefaultAndExact() throws {
        var model = ModelFile(kind: "cycle-gbt")
        model.setTreeEnsemble("gbt", Samples.ensemble)
        let decoded = try ModelFile.decode(try model.encoded())
        #expect(try decoded.treeEnsemble("gbt") == Samples.ensemble)
        #expect(decoded.treeEnsembleLayout("gbt") == .structOfArrays)
        #expect(try ModelFile.inspect(try model.encoded()).sections.map(\.encoding) == ["soa"])
    }

    @Test func ensemblesThatDoNotFitAreRefusedWithTheReason() {
        var swapped = Samples.ensemble
        swapped.left[0] = 2; swapped.right[0] = 1
        guard case .malformedSection(let section, let reason)? = Samples.modelFileError({ _ = try Self.compactFile(swapped).encoded() }) else {
            Issue.record("expected malformedSection"); return
        }
        #expect(section == "gbt")
        #expect(reason.contains("node 0") && reason.contains("structOfArrays"))
        var wide = Samples.ensemble
        wide.feature[0] = 40_000
        #expect(Samples.modelFileError({ _ = try Self.compactFile(wide).encoded() }) != nil)
    }

    /// Byte offset of compact array `array` in the first section's payload.
    static func arrayOffset(_ bytes: [UInt8], array: Int) throws -> Int {
        let entry = Samples.entryOffset(bytes, index: 0)
        let payload = Int(Samples.load(UInt64.self, bytes, at: entry + 16))
        return payload + (try #require(_Layout.compactTreeLayout(treeCount: 2, nodeCount: 7))).offsets[array]
    }

    @Test func corruptCompactPayloadsAreRejected() throws {
        let bytes = try Self.compactFile().encoded()
        func reason(_ edit: (inout [UInt8]) throws -> Void) throws -> String? {
            var copy = bytes
            try edit(&copy)
            Samples.fixChecksum(&copy)
            guard case .malformedSection(_, let reason)? = Samples.modelFileError({ _ = try ModelFile.decode(copy) }) else { return nil }
            return reason
        }
        let flags = try Self.arrayOffset(bytes, array: 5), offsets = try Self.arrayOffset(bytes, array: 4)
        #expect(try reason { $0[flags + 2] = 6 } == "node 2 has flags 6; expected 0 to 3 (bit 0: missing values go left, bit 1: categorical split)")
        #expect(try reason { $0[flags + 2] = 2 } == "node 2 has categorical 1; expected 0 or 1, and 0 for a leaf")
        #expect(try reason { Samples.store(UInt16(3), &$0, at: offsets + 2 * 1) } == "leaf node 1 has child offset 3; expected 0")
        #expect(try reason { Samples.store(UInt16(0), &$0, at: offsets) } == "node 0 has child offset 0; its children must lie in 1..<7")
        #expect(try reason { Samples.store(UInt16(6), &$0, at: offsets) } == "node 0 has child offset 6; its children must lie in 1..<7")
        let features = try Self.arrayOffset(bytes, array: 3)
        #expect(try reason { Samples.store(Int16(-3), &$0, at: features) } == "node 0 splits on feature -3; expected -1 (leaf) or >= 0")
    }

    @Test func bothLayoutsShareOneNameSpace() throws {
        var model = Self.compactFile()
        model.setTreeEnsemble("hbt", Samples.ensemble)
        var bytes = try model.encoded()
        // Entries are sorted by name: "gbt" (compact, type 3), then "hbt" (type 2); rename the second.
        let first = Samples.entryOffset(bytes, index: 0), second = Samples.entryOffset(bytes, index: 1)
        #expect(bytes[first + 4] == 3 && bytes[second + 4] == 2)
        bytes[second + 40 + 8 * 2] = UInt8(ascii: "g")
        Samples.fixChecksum(&bytes)
        guard case .malformedSection(let section, let reason)? = Samples.modelFileError({ _ = try ModelFile.decode(bytes) }) else {
            Issue.record("expected malformedSection"); return
        }
        #expect(section == "gbt" && reason == "the name appears twice")
    }

    @Test func categoricalSplitsRoundTripOnlyInTheCompactLayout() throws {
        var ensemble = Samples.ensemble
        ensemble.categorical[3] = 1
        ensemble.threshold[3] = 4
        let decoded = try ModelFile.decode(try Self.compactFile(ensemble).encoded())
        let restored = try decoded.treeEnsemble("gbt")
        #expect(restored.categorical == [0, 0, 0, 1, 0, 0, 0] && restored.hasCategoricalSplits)
        #expect(restored.threshold == ensemble.threshold && restored.defaultLeft == ensemble.defaultLeft)

        var structOfArrays = ModelFile(kind: "cycle-gbt")
        structOfArrays.setTreeEnsemble("gbt", ensemble)
        guard case .malformedSection(_, let reason)? = Samples.modelFileError({ _ = try structOfArrays.encoded() }) else {
            Issue.record("expected malformedSection"); return
        }
        #expect(reason == "node 3 is a categorical split, which only the compact layout stores; write it with layout compact")

        var leaf = Samples.ensemble
        leaf.categorical[1] = 1
        guard case .malformedSection(_, let leafReason)? = Samples.modelFileError({ try leaf.validate(name: "gbt") }) else {
            Issue.record("expected malformedSection"); return
        }
        #expect(leafReason == "node 1 has categorical 1; expected 0 or 1, and 0 for a leaf")
    }
}
