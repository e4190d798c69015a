import Foundation

/// log Σ exp(xᵢ), accumulated one term at a time without overflow (one `exp` per term).
struct _LogSum {
    private var top = -Double.infinity
    private var scaled = 0.0

    /// Adds exp(`term`).
    mutating func add(_ term: Double) {
        guard term > -.infinity else { return }
        if term > top {
            scaled = scaled * exp(top - term) + 1
            top = term
        } else {
            scaled += exp(term - top)
        }
    }

    /// log of the sum so far (−∞ when empty).
    var value: Double { top == -.infinity ? -.infinity : top + log(scaled) }
}
