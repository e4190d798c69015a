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

/// The binned dataset's branch-free search (eight values at a time, bounds padded to a power of
/// two) gives every value the bin of `BinMapper.bin(of:feature:)`: bounds of 0 to 254 values,
/// values on, between and beyond them, ±0, ±∞ and NaN, row counts that leave a partial group of
/// eight, one thread and two.
@Test func binnedDatasetBinsEveryValueAsTheMapperDoes() throws {
    var generator = SeededGenerator(seed: 7)
    let boundCounts = [0, 1, 2, 3, 7, 8, 254]
    var upperBounds: [[Float]] = []
    for count in boundCounts {
        var bounds = Set<Float>()
        while bounds.count < count { bounds.insert((Float.random(in: -100...100, using: &generator) * 4).rounded() / 4) }
        upperBounds.append(bounds.sorted())
    }
    upperBounds[2] = [-0.0, 1e-35]
    let mapper = BinMapper(upperBounds: upperBounds, ranges: upperBounds.map { _ in (-100, 100) })
    let special: [Float] = [.nan, 0, -0.0, .infinity, -.infinity, 1e-35, -1e-35, .greatestFiniteMagnitude, -25, 25]
    for rowCount in [1, 13, 9_001] {
        var values: [Float] = []
        for row in 0..<rowCount {
            for feature in boundCounts.indices {
                let bounds = upperBounds[feature]
                switch (row + feature) % 4 {
                case 0: values.append(special[(row / 4 + feature) % special.count])
                case 1 where !bounds.isEmpty: values.append(bounds[(row * 31 + feature) % bounds.count])
                default: values.append(Float.random(in: -30...30, using: &generator))
                }
            }
        }
        let matrix = try FeatureMatrix(values: values, rowCount: rowCount, featureCount: boundCounts.count)
        for threads in [1, 2] {
            let binned = BinnedDataset(matrix: matrix, mapper: mapper, threadCount: threads)
            var mismatches = 0
            for row in 0..<rowCount {
                for feature in boundCounts.indices
                    where binned.bin(row: row, feature: feature) != mapper.bin(of: values[row * boundCounts.count + feature], feature: feature) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, "\(rowCount) rows, \(threads) threads")
        }
    }
}
