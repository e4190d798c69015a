/// Per-tensor affine int8 quantisation: `x ≈ (q − zeroPoint) · scale`, `q ∈ [−128, 127]`.
enum _Quantization {
    /// Scale and zero point whose grid covers `[min(x, 0), max(x, 0)]` exactly, so that rounding
    /// never clamps and every value is within `scale / 2` of its reconstruction. Zero is exact.
    /// `values` must be finite.
    static func parameters(for values: UnsafeBufferPointer<Float>) -> (scale: Float, zeroPoint: Int32) {
        var minimum: Float = 0
        var maximum: Float = 0
        for value in values {
            minimum = Swift.min(minimum, value)
            maximum = Swift.max(maximum, value)
        }
        let range = Double(maximum) - Double(minimum)
        guard range > 0 else { return (1, 0) }
        var zeroPoint = (-128 - Double(minimum) * 255 / range).rounded()
        if maximum > 0 { zeroPoint = Swift.min(zeroPoint, 126) }
        if minimum < 0 { zeroPoint = Swift.max(zeroPoint, -127) }
        var scale: Double = 0
        if maximum > 0 { scale = Swift.max(scale, Double(maximum) / (127 - zeroPoint)) }
        if minimum < 0 { scale = Swift.max(scale, Double(minimum) / (-128 - zeroPoint)) }
        // Round the scale up to a Float so the grid still covers the range after conversion.
        var floatScale = Float(scale)
        if Double(floatScale) < scale { floatScale = floatScale.nextUp }
        if floatScale < Float.leastNormalMagnitude { floatScale = Float.leastNormalMagnitude }
        return (floatScale, Int32(zeroPoint))
    }

    /// `value` quantised with `scale` and `zeroPoint`.
    @inline(__always)
    static func quantize(_ value: Float, scale: Float, zeroPoint: Int32) -> Int8 {
        let level = (value / scale).rounded(.toNearestOrEven) + Float(zeroPoint)
        return Int8(Swift.max(-128, Swift.min(127, level)))
    }

    /// Dequantises `count` bytes at `source` into `destination`; `zeroPoint` must lie in −128 … 127
    /// (the reader checks it), so the wrapping subtraction is exact and the loop vectorises.
    static func dequantize(_ source: UnsafeRawPointer, to destination: UnsafeMutablePointer<Float>, count: Int,
                           scale: Float, zeroPoint: Int32) {
        let quantized = source.assumingMemoryBound(to: Int8.self)
        for index in 0..<count {
            destination[index] = Float(Int32(quantized[index]) &- zeroPoint) * scale
        }
    }
}
