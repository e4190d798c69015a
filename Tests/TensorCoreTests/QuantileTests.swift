import Testing
import TensorCore

/// The nearest-rank rule: a measured value at rank ⌈q·n⌉, clamped to the sample.
@Suite struct QuantileTests {
    @Test func nearestRankIsTheSampleAtTheCeilingRank() {
        let sorted = (1...1000).map(Double.init)
        #expect(Quantile.nearestRank(sorted: sorted, 0.99) == 990)
        #expect(Quantile.nearestRank(sorted: sorted, 0.5) == 500)
        #expect(Quantile.nearestRank(sorted: sorted, 0.9995) == 1000)
        #expect(Quantile.nearestRank(sorted: [3, 7, 9], 0.5) == 7)
        #expect(Quantile.nearestRank(sorted: [3, 7, 9], 0) == 3)
        #expect(Quantile.nearestRank(sorted: [3, 7, 9], 1.5) == 9)
        #expect(Quantile.nearestRank(sorted: [], 0.5) == nil)
    }
}
