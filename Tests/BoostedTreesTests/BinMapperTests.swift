import Testing
import TensorCore
@testable import BoostedTrees

@Test func fewDistinctValuesGetOneBinEachAndNaNGetsBinZero() throws {
    let matrix = try FeatureMatrix(rows: [[1], [2], [2], [3], [.nan]])
    let mapper = try BinMapper(fitting: matrix)
    #expect(mapper.upperBounds[0] == [1e-35, 1.5, 2.5])
    #expect(mapper.bin(of: .nan, feature: 0) == 0)
    #expect(mapper.bin(of: 0, feature: 0) == 1)
    #expect(mapper.bin(of: 1, feature: 0) == 2)
    #expect(mapper.bin(of: 2, feature: 0) == 3)
    #expect(mapper.bin(of: 3, feature: 0) == 4)
    #expect(mapper.bin(of: 100, feature: 0) == 4)
    #expect(mapper.binCount(of: 0) == 5)
}

@Test func quantileBinsRespectTheLimitAndAgreeWithRawThresholds() throws {
    let data = SyntheticData.make(rows: 3000, features: 3)
    let mapper = try BinMapper(fitting: data.matrix, maximumBinCount: 32)
    let binned = BinnedDataset(matrix: data.matrix, mapper: mapper)
    for feature in 0..<3 {
        #expect(mapper.binCount(of: feature) <= 32)
        #expect(mapper.binCount(of: feature) >= 20)
        // Every bin boundary threshold gives the same partition on raw values as on bins.
        for bin in 1..<(mapper.binCount(of: feature) - 1) {
            let threshold = mapper.threshold(feature: feature, bin: bin)
            for row in 0..<data.matrix.rowCount {
                let x = data.matrix.values[row * 3 + feature]
                if x.isNaN { continue }
                #expect((x <= threshold) == (binned.bins[row * binned.featureCount + feature] <= UInt8(bin)))
            }
        }
    }
}

@Test func quantileBinsHoldSimilarCounts() throws {
    var generator = SeededGenerator(seed: 3)
    let values = (0..<10_000).map { _ in Float(generator.nextUniform()) }
    let mapper = try BinMapper(fitting: try FeatureMatrix(values: values, rowCount: 10_000, featureCount: 1), maximumBinCount: 11)
    let binned = BinnedDataset(matrix: try FeatureMatrix(values: values, rowCount: 10_000, featureCount: 1), mapper: mapper)
    var counts = [Int](repeating: 0, count: mapper.binCount(of: 0))
    for bin in binned.bins { counts[Int(bin)] += 1 }
    // Bin 0 is the missing bin, bin 1 holds zero (none here): 9 value bins of about 1,111 rows.
    #expect(counts.count == 11)
    #expect(counts[0] == 0 && counts[1] == 0)
    for count in counts.dropFirst(2) { #expect(count > 950 && count < 1300) }
}

@Test func invalidBinCountThrows() throws {
    let matrix = try FeatureMatrix(rows: [[1], [2]])
    #expect(throws: BoostedTreesError.self) { try BinMapper(fitting: matrix, maximumBinCount: 300) }
    #expect(throws: BoostedTreesError.self) { try FeatureMatrix(values: [1, 2, 3], rowCount: 2, featureCount: 2) }
}
