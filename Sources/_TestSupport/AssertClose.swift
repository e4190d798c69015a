import TensorCore

/// Largest relative difference `|a - b| / max(|a|, |b|, floor)` between two equal-length arrays.
public func maximumRelativeDifference(_ a: [Float], _ b: [Float], floor: Float = 1e-6) -> Float {
    precondition(a.count == b.count, "maximumRelativeDifference: \(a.count) vs \(b.count) elements")
    var worst: Float = 0
    for (x, y) in zip(a, b) {
        if x.isNaN != y.isNaN { return .infinity }
        let scale = max(abs(x), abs(y), floor)
        worst = max(worst, abs(x - y) / scale)
    }
    return worst
}

/// `true` when every pair of elements agrees within `absolute + relative * max(|a|, |b|)`.
public func isClose(_ a: [Float], _ b: [Float], absolute: Float = 1e-5, relative: Float = 1e-4) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) where abs(x - y) > absolute + relative * max(abs(x), abs(y)) { return false }
    return true
}

/// `true` when two tensors have equal shapes and close elements (see `isClose(_:_:absolute:relative:)`).
public func isClose(_ a: Tensor, _ b: Tensor, absolute: Float = 1e-5, relative: Float = 1e-4) -> Bool {
    a.shape == b.shape && isClose(a.scalars, b.scalars, absolute: absolute, relative: relative)
}
