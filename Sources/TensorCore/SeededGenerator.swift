import Foundation

/// A deterministic random number generator: xoshiro256** seeded through SplitMix64.
///
/// The same seed produces the same sequence of `UInt64` values on every platform and Swift
/// version, because every step is defined here with wrapping integer arithmetic. Use the
/// `nextUniform()`/`nextNormal()` helpers rather than the standard library's `random(in:)` for
/// floating-point draws, whose algorithm is not guaranteed stable across releases.
///
/// Reference: Blackman & Vigna, "Scrambled linear pseudorandom number generators" (2021).
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator whose sequence is fully determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func nextSplitMix() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (nextSplitMix(), nextSplitMix(), nextSplitMix(), nextSplitMix())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, by: 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, by: 45)
        return result
    }

    /// A generator for an independent stream derived from this one's seed material and `index`
    /// (for example one stream per user or per worker), without advancing `self`.
    public func split(_ index: UInt64) -> SeededGenerator {
        SeededGenerator(seed: state.0 ^ (index &* 0xD1B5_4A32_D192_ED03) ^ rotateLeft(state.2, by: 13))
    }

    public static func == (lhs: SeededGenerator, rhs: SeededGenerator) -> Bool {
        lhs.state == rhs.state
    }

    private func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}

extension RandomNumberGenerator {
    /// A uniform `Double` in `[0, 1)` with 53 random bits (platform-stable).
    @inlinable public mutating func nextUniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform `Double` in `[lower, upper)`.
    @inlinable public mutating func nextUniform(in lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * nextUniform()
    }

    /// A standard normal draw (Box–Muller, one value per call; platform-stable up to libm rounding).
    @inlinable public mutating func nextNormal() -> Double {
        var u1 = nextUniform()
        while u1 <= .leastNormalMagnitude { u1 = nextUniform() }
        let u2 = nextUniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A normal draw with the given mean and standard deviation.
    @inlinable public mutating func nextNormal(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * nextNormal()
    }

    /// A uniform integer in `0..<upperBound` (Lemire's unbiased method).
    public mutating func nextInt(below upperBound: Int) -> Int {
        precondition(upperBound > 0, "nextInt(below:) needs a positive bound, got \(upperBound)")
        let bound = UInt64(upperBound)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return Int(product.high)
    }

    /// `true` with probability `probability`.
    @inlinable public mutating func nextBernoulli(_ probability: Double) -> Bool {
        nextUniform() < probability
    }
}
