/// Vectorised `exp`, `sigmoid` and `tanh` on 8 lanes for the LSTM's elementwise step.
///
/// `exp` follows Cephes' `expf`: `x = n·ln2 + r` with `|r| ≤ ln2/2` (ln2 split in two parts
/// for accuracy), a degree-5 polynomial for `e^r`, and `2^n` assembled in the exponent bits.
/// Relative error ≈ 2 ulp over the clamped range `[-87.3, 88.3]`. `sigmoid` is `1/(1+e^-x)`
/// (inputs clamped so `e^-x` stays finite); `tanh(x) = 2·sigmoid(2x) - 1`, whose absolute error
/// is ≈ 1e-7 (relative error grows only where |tanh x| < 1e-3, harmless in the cell).
enum _VectorMath {
    typealias Vector = SIMD8<Float>

    @inline(__always)
    static func exp(_ x: Vector) -> Vector {
        let clamped = x.clamped(lowerBound: Vector(repeating: -87.3), upperBound: Vector(repeating: 88.3))
        let n = (clamped * 1.442_695_04).rounded(.toNearestOrEven)
        var r = clamped - n * 0.693_359_375
        r = r + n * 2.121_944_4e-4
        let r2 = r * r
        var p = Vector(repeating: 1.987_569_15e-4)
        p = p * r + 1.398_199_95e-3
        p = p * r + 8.333_451_9e-3
        p = p * r + 4.166_579_6e-2
        p = p * r + 1.666_666_55e-1
        p = p * r + 5.000_000_1e-1
        p = p * r2 + r + 1
        let exponent = (SIMD8<Int32>(n, rounding: .toNearestOrEven) &+ 127) &<< 23
        return p * unsafeBitCast(exponent, to: Vector.self)
    }

    @inline(__always)
    static func sigmoid(_ x: Vector) -> Vector {
        1 / (1 + exp(-x))
    }

    @inline(__always)
    static func tanh(_ x: Vector) -> Vector {
        2 / (1 + exp(-2 * x)) - 1
    }

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
    }

    @inline(__always)
    static func store(_ value: Vector, _ pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Vector.self)
    }
}
