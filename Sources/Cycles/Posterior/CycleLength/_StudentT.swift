import Foundation

/// The cumulative distribution function of Student's t, through the regularized incomplete beta
/// function (continued fraction, evaluated by the modified Lentz method).
package enum _StudentT {
    /// P(T ≤ `t`) for T ~ t with `degreesOfFreedom` (> 0); the normal CDF from 1e6 degrees of freedom.
    package static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 1 : 0 }
        if nu >= 1e6 { return 0.5 * erfc(-t / 2.0.squareRoot()) }
        let x = nu / (nu + t * t)
        let tail = 0.5 * regularizedIncompleteBeta(x, a: nu / 2, b: 0.5)
        return t > 0 ? 1 - tail : tail
    }

    /// I_x(a, b) for 0 ≤ x ≤ 1 and a, b > 0.
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        // The continued fraction converges fast below the mean of the beta distribution; above it,
        // use I_x(a, b) = 1 − I_{1−x}(b, a).
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, a: b, b: a) / b
    }

    /// The continued fraction 1 / (1 + d₁ / (1 + d₂ / (1 + …))) of I_x(a, b), with
    /// d₂ₘ₊₁ = −(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)) and d₂ₘ = m (b − m) x / ((a + 2m − 1)(a + 2m)).
    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...300 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d; if abs(d) < tiny { d = tiny }
            c = 1 + even / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d; if abs(d) < tiny { d = tiny }
            c = 1 + odd / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-14 { break }
        }
        return result
    }
}
