import Foundation

/// A floating-point type `Softmax` works in: `Double` and `Float`, with the platform's exponential.
@usableFromInline package protocol SoftmaxScalar: BinaryFloatingPoint {
    /// `e^x` (`Foundation.exp`).
    static func exponential(_ x: Self) -> Self
}

extension Double: SoftmaxScalar {
    /// `e^x` (`Foundation.exp`).
    @inlinable package static func exponential(_ x: Double) -> Double { Foundation.exp(x) }
}

extension Float: SoftmaxScalar {
    /// `e^x` (`Foundation.exp`).
    @inlinable package static func exponential(_ x: Float) -> Float { Foundation.exp(x) }
}
