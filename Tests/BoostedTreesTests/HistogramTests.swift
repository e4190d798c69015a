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
