import Testing
import TensorCore
@testable import BoostedTrees

/// The training path's faster pieces give exactly what the plain ones give.

@Test func concurrentRadixSortedFitEqualsBinMapperFitting() throws {
    var generator = SeededGenerator(seed: 3)
    let rows = 3000, features = 4
    var values = [Float](repeating: 0, count: rows * features)
    for i in values.indices {
        switch generator.nextInt(below: 10) {
        case 0: values[i] = .nan
        case 1: values[i] = generator.nextUniform() < 0.5 ? -0.0 : 0.0
        case 2: values[i] = Float(generator.nextInt(below: 5))  // heavy repeats
        default: values[i] = Float(generator.nextNormal()) * (i % features == 3 ? 1e-30 : 1)
        }
    }
    for row in 0..<rows { values[row * features + 2] = .nan }  // an all-missing feature
    let matrix = try FeatureMatrix(values: values, rowCount: rows, featureCount: features)
    for (sampleRowCount, maximumBinCount) in [(200_000, 256), (700, 16)] {
        let expected = try BinMapper(fitting: matrix, maximumBinCount: maximumBinCount, sampleRowCount: sampleRowCount)
        for threads in [1, 2] {
            let fitted = try GradientBoosting.fittedMapper(matrix, maximumBinCount: maximumBinCount, threadCount: threads,
                                                           sampleRowCount: sampleRowCount)
            #expect(fitted == expected, "sample \(sampleRowCount), \(threads) threads")
            for f in 0..<features where !expected.ranges[f].minimum.isNaN {
                #expect(fitted.ranges[f].minimum.bitPattern == expected.ranges[f].minimum.bitPattern)
                #expect(fitted.ranges[f].maximum.bitPattern == expected.ranges[f].maximum.bitPattern)
            }
        }
    }
    #expect(_RadixSort.sorted([3, -0.0, 1, 0, -2, -0.0, 1]).map(\.bitPattern)
        == [-2, -0.0, 0, -0.0, 1, 1, 3].map { Float($0).bitPattern })
}

@Test func learnerGrowsTheSameTreeAndRowOrderWithOneAndTwoThreadsAndEitherLayout() throws {
    // Enough rows for the concurrent partition (65,536) and feature-parallel histograms.
    let data = SyntheticData.make(rows: 70_000, features: 3, seed: 11)
    let mapper = try BinMapper(fitting: data.matrix, maximumBinCount: 32)
    let binned = BinnedDataset(matrix: data.matrix, mapper: mapper, threadCount: 2)
    let gradients = data.regression.map { -$0 }, hessians = [Float](repeating: 1, count: 70_000)
    let finder = SplitFinder(l1: 0, l2: 1, minimumDataInLeaf: 20, minimumSumHessian: 1e-3, minimumGainToSplit: 0)
    var results: [(Tree, [Int32], [TreeLearner.LeafSegment])] = []
    // Row-major bins with 1 and 2 threads, then the column layout used for large data.
    for (threads, usesColumns) in [(1, false), (2, false), (2, true)] {
        let learner = TreeLearner(data: binned, finder: finder, maximumLeafCount: 6, maximumDepth: 0, learningRate: 0.1,
                                  threadCount: threads, usesColumnLayout: usesColumns)
        let tree = learner.grow(gradients: gradients, hessians: hessians, bag: nil, features: [0, 1, 2])
        results.append((tree, learner.rows, learner.segments))
    }
    for other in results.dropFirst() {
        #expect(other.0 == results[0].0)
        #expect(other.1 == results[0].1)
        #expect(other.2 == results[0].2)
    }
    // Every leaf's rows are exactly those the tree routes to it, in increasing row order.
    let tree = results[1].0
    data.matrix.values.withUnsafeBufferPointer { values in
        for segment in results[1].2 {
            let leafRows = Array(results[1].1[segment.start..<(segment.start + segment.count)])
            #expect(leafRows == leafRows.sorted())
            for row in leafRows {
                #expect(tree.leaf(for: UnsafeBufferPointer(rebasing: values[(Int(row) * 3)..<(Int(row) * 3 + 3)])) == segment.node)
            }
        }
    }
}
