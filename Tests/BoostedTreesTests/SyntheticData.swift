import BoostedTrees
import TensorCore

/// Small seeded datasets for the tests.
enum SyntheticData {
    /// `rows × features` standard normals with a share of NaNs in feature 1, and labels from a
    /// nonlinear rule: regression target, binary class, 3-class index and Poisson-like count.
    static func make(rows: Int, features: Int = 5, missingShare: Double = 0.1, seed: UInt64 = 1)
        -> (matrix: FeatureMatrix, regression: [Float], binary: [Float], multiclass: [Float], counts: [Float]) {
        var generator = SeededGenerator(seed: seed)
        var values = [Float](repeating: 0, count: rows * features)
        var regression: [Float] = [], binary: [Float] = [], multiclass: [Float] = [], counts: [Float] = []
        for row in 0..<rows {
            for feature in 0..<features { values[row * features + feature] = Float(generator.nextNormal()) }
            if features > 1 && generator.nextUniform() < missingShare { values[row * features + 1] = .nan }
            let x0 = Double(values[row * features]), x1 = Double(values[row * features + min(1, features - 1)])
            let x2 = features > 2 ? Double(values[row * features + 2]) : 0
            let signal = 1.5 * x0 + (x1.isNaN ? 1.0 : x1 * x1 - 1) + (x2 > 0.5 ? 0.8 : -0.2)
            regression.append(Float(signal + 0.3 * generator.nextNormal()))
            binary.append(signal + 0.5 * generator.nextNormal() > 0 ? 1 : 0)
            multiclass.append(signal < -0.7 ? 0 : (signal < 0.7 ? 1 : 2))
            let mean = (0.5 * signal).clamped(to: -2...2)
            counts.append(Float(Int((2.0 * (1 + mean) + generator.nextUniform() * 2).rounded(.down)).clamped(to: 0...20)))
        }
        return (try! FeatureMatrix(values: values, rowCount: rows, featureCount: features), regression, binary, multiclass, counts)
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
