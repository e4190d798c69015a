extension Tensor {
    /// Elements drawn uniformly from `range` with an explicit, seeded generator.
    public init(uniform shape: [Int], in range: ClosedRange<Float>, using generator: inout some RandomNumberGenerator) {
        let count = Tensor.elementCount(of: shape)
        var values = [Float](repeating: 0, count: count)
        let low = Double(range.lowerBound), high = Double(range.upperBound)
        for index in 0..<count { values[index] = Float(generator.nextUniform(in: low, high)) }
        self.init(uncheckedShape: shape, scalars: values)
    }

    /// Elements drawn from `N(mean, standardDeviation²)` with an explicit, seeded generator.
    public init(normal shape: [Int], mean: Float = 0, standardDeviation: Float = 1, using generator: inout some RandomNumberGenerator) {
        let count = Tensor.elementCount(of: shape)
        var values = [Float](repeating: 0, count: count)
        for index in 0..<count {
            values[index] = Float(generator.nextNormal(mean: Double(mean), standardDeviation: Double(standardDeviation)))
        }
        self.init(uncheckedShape: shape, scalars: values)
    }

    /// Xavier/Glorot uniform initialisation for a `[fanOut, fanIn]` weight matrix:
    /// `U(-a, a)` with `a = sqrt(6 / (fanIn + fanOut))`.
    public init(xavier shape: [Int], using generator: inout some RandomNumberGenerator) {
        precondition(shape.count == 2, "Tensor(xavier:) expects [fanOut, fanIn], found \(shape)")
        let bound = (6 / Float(shape[0] + shape[1])).squareRoot()
        self.init(uniform: shape, in: -bound...bound, using: &generator)
    }
}
