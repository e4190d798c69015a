import Foundation

/// Allocation-free elementwise kernels on raw `Float` buffers, vectorised with `SIMD8<Float>`.
///
/// These are the fast paths behind `Tensor.exp()`, `sigmoid()`, `softmax()` and `logSoftmax()`,
/// exposed for hot loops (LSTM gates, output layers) that work on pointers. Every kernel accepts
/// `output == input` (in place). The exponential is a Cephes-style `expf`: Cody–Waite range
/// reduction `x = n·ln 2 + r`, a degree-6 polynomial for `e^r` and `2^n` built from the exponent
/// bits; its relative error is below `1e-7` (about 1 ulp; measured maximum `8e-8`) for inputs
/// in `[-87.33, 88.37]`. Inputs outside that range are clamped to it, so `exp` never returns
/// `inf` or a subnormal (`e^-1e4` gives `1.2e-38`, not 0) and sigmoid and softmax stay finite
/// for any finite input; NaN propagates.
public enum VectorMath {
    /// `output[i] = e^input[i]` for `i` in `0..<count`.
    public static func exp(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        forEachBlock(input, output, count) { _exp($0) }
    }

    /// `output[i] = 1 / (1 + e^-input[i])` (logistic sigmoid) for `i` in `0..<count`.
    public static func sigmoid(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        forEachBlock(input, output, count) { sigmoid($0) }
    }

    /// The logistic sigmoid of eight values, `1 / (1 + e^-x)`: the kernel of
    /// `sigmoid(_:into:count:)` (bit-identical), for fused SIMD loops elsewhere.
    @inlinable @inline(__always)
    public static func sigmoid(_ x: SIMD8<Float>) -> SIMD8<Float> {
        1 / (1 + _exp(-x))
    }

    /// `output[i] = tanh(input[i])`, computed as `1 - 2 / (e^{2x} + 1)` (absolute error below
    /// `2e-7`; relative error grows near 0, where `tanh(x) ≈ x`).
    public static func tanh(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        forEachBlock(input, output, count) { tanh($0) }
    }

    /// `tanh` of eight values, `1 - 2 / (e^{2x} + 1)`: the kernel of `tanh(_:into:count:)`
    /// (bit-identical), for fused SIMD loops elsewhere.
    @inlinable @inline(__always)
    public static func tanh(_ x: SIMD8<Float>) -> SIMD8<Float> {
        1 - 2 / (_exp(x + x) + 1)
    }

    /// Softmax of one row of `count` values: `e^(x - max) / Σ e^(x - max)`.
    /// An empty row is left untouched.
    public static func softmax(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        guard count > 0 else { return }
        let maximum = self.maximum(input, count: count)
        let shift = SIMD8<Float>(repeating: maximum)
        var total = SIMD8<Float>()
        var tailTotal: Float = 0
        let blockEnd = count & ~7
        var index = 0
        while index < blockEnd {
            let value = _exp(load(input + index) - shift)
            store(value, output + index)
            total += value
            index += 8
        }
        while index < count {
            let value = _exp(SIMD8<Float>(repeating: input[index] - maximum))[0]
            output[index] = value
            tailTotal += value
            index += 1
        }
        let scale = SIMD8<Float>(repeating: 1 / (total.sum() + tailTotal))
        forEachBlock(UnsafePointer(output), output, count) { $0 * scale }
    }

    /// Log-softmax of one row: `x - max - log Σ e^(x - max)`. An empty row is left untouched.
    public static func logSoftmax(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        guard count > 0 else { return }
        let maximum = self.maximum(input, count: count)
        let shift = SIMD8<Float>(repeating: maximum)
        var total = SIMD8<Float>()
        var tailTotal: Float = 0
        let blockEnd = count & ~7
        var index = 0
        while index < blockEnd {
            total += _exp(load(input + index) - shift)
            index += 8
        }
        while index < count {
            tailTotal += _exp(SIMD8<Float>(repeating: input[index] - maximum))[0]
            index += 1
        }
        let offset = SIMD8<Float>(repeating: maximum + Foundation.log(total.sum() + tailTotal))
        forEachBlock(input, output, count) { $0 - offset }
    }

    /// The largest of `count` values (`-inf` when `count == 0`; NaN if any value is NaN).
    public static func maximum(_ input: UnsafePointer<Float>, count: Int) -> Float {
        var best = SIMD8<Float>(repeating: -.infinity)
        var hasNaN = SIMD8<Float>(repeating: 0)
        let blockEnd = count & ~7
        var index = 0
        while index < blockEnd {
            let value = load(input + index)
            best = best.replacing(with: value, where: value .> best)
            hasNaN = hasNaN.replacing(with: 1, where: value .!= value)
            index += 8
        }
        var result = best.max()
        while index < count {
            let value = input[index]
            if value > result { result = value }
            if value.isNaN { return .nan }
            index += 1
        }
        return hasNaN.max() > 0 ? .nan : result
    }

    // MARK: - Implementation

    /// Applies `body` to blocks of 8 elements, then to the zero-padded tail.
    @inline(__always)
    static func forEachBlock(
        _ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, _ count: Int,
        _ body: (SIMD8<Float>) -> SIMD8<Float>
    ) {
        let blockEnd = count & ~7
        var index = 0
        while index < blockEnd {
            store(body(load(input + index)), output + index)
            index += 8
        }
        let tail = count - blockEnd
        if tail > 0 {
            var block = SIMD8<Float>()
            for lane in 0..<tail { block[lane] = input[blockEnd + lane] }
            let result = body(block)
            for lane in 0..<tail { output[blockEnd + lane] = result[lane] }
        }
    }

    /// Eight floats from `pointer` (no alignment needed), for SIMD kernels elsewhere.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// Eight floats to `pointer` (no alignment needed).
    @inlinable @inline(__always)
    public static func store(_ value: SIMD8<Float>, _ pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD8<Float>.self)
    }

    /// Vector `e^x` (see the type's documentation for the method and its accuracy).
    @inlinable @inline(__always)
    static func _exp(_ x: SIMD8<Float>) -> SIMD8<Float> {
        // Clamp so that 2^n stays a normal number; comparisons are false for NaN, which passes through.
        var x = x.replacing(with: 88.37, where: x .> 88.37)
        x = x.replacing(with: -87.33654, where: x .< -87.33654)
        // n = round(x / ln 2), by adding and subtracting 1.5·2^23 (round-to-nearest-even).
        let magic = SIMD8<Float>(repeating: 12_582_912)
        let shifted = x * 1.442_695_04 + magic
        let n = shifted - magic
        // r = x - n·ln 2 in two steps (Cody–Waite), |r| ≤ ln 2 / 2.
        let r = x - n * 0.693_359_375 + n * 2.121_944_4e-4
        // e^r ≈ 1 + r + r²·P(r), Cephes expf coefficients.
        var p = SIMD8<Float>(repeating: 1.987_569_15e-4)
        p = p * r + 1.398_199_95e-3
        p = p * r + 8.333_451_9e-3
        p = p * r + 4.166_579_6e-2
        p = p * r + 1.666_666_55e-1
        p = p * r + 5.000_000_1e-1
        let expR = p * (r * r) + r + 1
        // 2^n from the integer in the low mantissa bits of `shifted`.
        let integer = unsafeBitCast(shifted, to: SIMD8<UInt32>.self) &- 0x4B40_0000
        let twoToN = unsafeBitCast((integer &+ 127) &<< 23, to: SIMD8<Float>.self)
        return expR * twoToN
    }
}
