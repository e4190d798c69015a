import TensorCore

/// Central-difference gradient of a scalar function: `(f(x + h·eᵢ) - f(x - h·eᵢ)) / 2h` for
/// every element `i` of `point`. Use it to check an explicit backward pass (on
/// `sum(output * dOutput)` with a random `dOutput`); with `Float` arithmetic expect agreement to
/// about `1e-2` relative, so compare with a tolerance, not for equality.
public func numericalGradient(of function: (Tensor) -> Float, at point: Tensor, step: Float = 1e-3) -> Tensor {
    var gradient = [Float](repeating: 0, count: point.count)
    var probe = point
    for index in 0..<point.count {
        let original = point.scalars[index]
        probe.withUnsafeMutableBufferPointer { $0[index] = original + step }
        let above = function(probe)
        probe.withUnsafeMutableBufferPointer { $0[index] = original - step }
        let below = function(probe)
        probe.withUnsafeMutableBufferPointer { $0[index] = original }
        gradient[index] = (above - below) / (2 * step)
    }
    return Tensor(uncheckedShape: point.shape, scalars: gradient)
}
