import Testing
import TensorCore
@testable import BoostedTrees

private func histogram(_ data: BinnedDataset, rows: [Int32], gradients: [Float], hessians: [Float],
                       offsets: [Int], threads: Int) -> Histogram {
    var result = Histogram(binCount: offsets.last!)
    let pairs = zip(gradients, hessians).map { SIMD2($0, $1) }
    rows.withUnsafeBufferPointer { r in
        pairs.withUnsafeBufferPointer { p in
            result.build(from: data, rows: r, gradientPairs: p, features: Array(0..<data.featureCount), offsets: offsets,
                         threadCount: threads)
        }
    }
    return result
}

@Test func subtractedHistogramEqualsDirectlyBuiltOne() throws {
    let data = SyntheticData.make(rows: 2000, features: 4)
    let binned = BinnedDataset(matrix: data.matrix, mapper: try BinMapper(fitting: data.matrix))
    var offsets = [0]
    for f in 0..<4 { offsets.append(offsets[f] + binned.mapper.binCount(of: f)) }
    var generator = SeededGenerator(seed: 9)
    let gradients = (0..<2000).map { _ in Float(generator.nextNormal()) }
    let hessians = (0..<2000).map { _ in Float(generator.nextUniform(in: 0.1, 1)) }
    let parentRows = (0..<2000).filter { $0 % 3 != 0 }.map { Int32($0) }
    let smallRows = parentRows.filter { data.matrix.values[Int($0) * 4] <= -0.3 }
    let largeRows = parentRows.filter { data.matrix.values[Int($0) * 4] > -0.3 }
    let parent = histogram(binned, rows: parentRows, gradients: gradients, hessians: hessians, offsets: offsets, threads: 1)
    let small = histogram(binned, rows: smallRows, gradients: gradients, hessians: hessians, offsets: offsets, threads: 1)
    let direct = histogram(binned, rows: largeRows, gradients: gradients, hessians: hessians, offsets: offsets, threads: 1)
    var subtracted = parent
    subtracted.subtract(small, features: Array(0..<4), offsets: offsets)
    #expect(subtracted.counts == direct.counts)
    for b in 0..<offsets.last! {
        #expect(abs(subtracted.sums[b].x - direct.sums[b].x) <= 1e-9 * max(1, abs(direct.sums[b].x)))
        #expect(abs(subtracted.sums[b].y - direct.sums[b].y) <= 1e-9 * max(1, abs(direct.sums[b].y)))
    }
    #expect(direct.counts.reduce(0, +) == Int32(largeRows.count * 4))
}

@Test func histogramIsBitIdenticalForOneAndTwoThreads() throws {
    let data = SyntheticData.make(rows: 1500, features: 5)
    let binned = BinnedDataset(matrix: data.matrix, mapper: try BinMapper(fitting: data.matrix), threadCount: 2)
    var offsets = [0]
    for f in 0..<5 { offsets.append(offsets[f] + binned.mapper.binCount(of: f)) }
    let gradients = data.regression, hessians = [Float](repeating: 1, count: 1500)
    let rows = (0..<1500).map { Int32($0) }
    let one = histogram(binned, rows: rows, gradients: gradients, hessians: hessians, offsets: offsets, threads: 1)
    let two = histogram(binned, rows: rows, gradients: gradients, hessians: hessians, offsets: offsets, threads: 2)
    #expect(one == two)
}

@Test func leafHistogramEqualsRowByRowSumsForConsecutiveAndScatteredFeatures() throws {
    // A leaf's rows go through the prefetching kernel (CBoostedTreesKernels), with and without
    // a uniform stride; the sums must be those of adding the rows one by one, in order, bit for bit.
    let data = SyntheticData.make(rows: 3000, features: 6, seed: 12)
    let binned = BinnedDataset(matrix: data.matrix, mapper: try BinMapper(fitting: data.matrix, maximumBinCount: 64))
    let stride = (0..<6).map { binned.mapper.binCount(of: $0) }.max()!
    let offsets = (0...6).map { $0 * stride }
    var generator = SeededGenerator(seed: 13)
    let pairs: [SIMD2<Float>] = (0..<3000).map { _ in SIMD2(Float(generator.nextNormal()), Float(generator.nextUniform(in: 0.1, 1))) }
    let rows: [Int32] = (0..<3000).filter { (row: Int) in row % 7 != 2 && row % 5 != 0 }.map { Int32($0) }
    let featureLists: [[Int]] = [[0, 1, 2, 3, 4, 5], [1, 2, 3], [0, 2, 5], [4]]
    for features in featureLists {
        var histogram = Histogram(binCount: offsets.last!)
        rows.withUnsafeBufferPointer { r in
            pairs.withUnsafeBufferPointer { p in
                histogram.build(from: binned, rows: r, gradientPairs: p, features: features, offsets: offsets, threadCount: 1)
            }
        }
        var sums = [SIMD2<Double>](repeating: .zero, count: offsets.last!), counts = [Int32](repeating: 0, count: offsets.last!)
        for row in rows {
            for feature in features {
                let bin: Int = offsets[feature] + Int(binned.bin(row: Int(row), feature: feature))
                let pair: SIMD2<Float> = pairs[Int(row)]
                sums[bin] += SIMD2<Double>(Double(pair.x), Double(pair.y))
                counts[bin] += 1
            }
        }
        for feature in features {
            let bins = offsets[feature]..<offsets[feature + 1]
            #expect(histogram.sums[bins].map(\.x.bitPattern) == sums[bins].map(\.x.bitPattern), "features \(features)")
            #expect(histogram.sums[bins].map(\.y.bitPattern) == sums[bins].map(\.y.bitPattern), "features \(features)")
            #expect(Array(histogram.counts[bins]) == Array(counts[bins]), "features \(features)")
        }
    }
}
