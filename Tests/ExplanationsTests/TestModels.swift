import Explanations
import Foundation
import TensorCore

/// A small tanh MLP `f(x) = w₂ · tanh(W₁ x + b₁) + b₂` with its exact gradient: the nonlinear
/// test model for completeness and faithfulness tests. Computed in `Double`, exposed in `Float`.
struct TestMLP {
    let inputCount: Int
    let hiddenCount: Int
    /// `W₁`, `[hiddenCount × inputCount]` row-major.
    let firstWeight: [Double]
    let firstBias: [Double]
    let secondWeight: [Double]
    let secondBias: Double

    init(inputCount: Int, hiddenCount: Int, weightScale: Double = 1.5, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        self.inputCount = inputCount
        self.hiddenCount = hiddenCount
        let scale = weightScale / Double(inputCount).squareRoot()
        firstWeight = (0..<(hiddenCount * inputCount)).map { _ in generator.nextNormal() * scale }
        firstBias = (0..<hiddenCount).map { _ in generator.nextNormal() * 0.5 }
        secondWeight = (0..<hiddenCount).map { _ in generator.nextNormal() }
        secondBias = generator.nextNormal()
    }

    func hidden(_ x: [Float]) -> [Double] {
        (0..<hiddenCount).map { unit in
            var sum = firstBias[unit]
            for index in 0..<inputCount { sum += firstWeight[unit * inputCount + index] * Double(x[index]) }
            return tanh(sum)
        }
    }

    func value(_ x: [Float]) -> Double {
        zip(hidden(x), secondWeight).reduce(secondBias) { $0 + $1.0 * $1.1 }
    }

    func gradient(_ x: [Float]) -> [Double] {
        let h = hidden(x)
        var gradient = [Double](repeating: 0, count: inputCount)
        for unit in 0..<hiddenCount {
            let dPre = secondWeight[unit] * (1 - h[unit] * h[unit])
            for index in 0..<inputCount { gradient[index] += dPre * firstWeight[unit * inputCount + index] }
        }
        return gradient
    }

    /// The model as closures.
    var model: DifferentiableModel {
        DifferentiableModel(inputCount: inputCount, value: { Float(self.value($0)) },
                            gradient: { self.gradient($0).map(Float.init) })
    }
}

/// A standard normal row of `count` values.
func normalRow(_ count: Int, using generator: inout SeededGenerator) -> [Float] {
    (0..<count).map { _ in Float(generator.nextNormal()) }
}
