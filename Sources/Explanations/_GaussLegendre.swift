import Foundation

/// Gauss–Legendre nodes and weights on `[−1, 1]`, by Newton's method on the Legendre polynomial
/// `P_n` from the Chebyshev-like first guess `cos(π (i − 1/4) / (n + 1/2))` (Numerical Recipes,
/// `gauleg`). Accurate to ~1e-15 for the node counts used here.
struct _GaussLegendre {
    /// Nodes in increasing order.
    let nodes: [Double]
    /// Weights, summing to 2.
    let weights: [Double]

    init(nodeCount n: Int) {
        var nodes = [Double](repeating: 0, count: n)
        var weights = [Double](repeating: 0, count: n)
        for i in 0..<((n + 1) / 2) {
            var z = cos(Double.pi * (Double(i) + 0.75) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                var p1 = 1.0, p2 = 0.0
                for j in 0..<n {
                    let p3 = p2
                    p2 = p1
                    p1 = ((2 * Double(j) + 1) * z * p2 - Double(j) * p3) / Double(j + 1)
                }
                derivative = Double(n) * (z * p1 - p2) / (z * z - 1)
                let previous = z
                z = previous - p1 / derivative
                if abs(z - previous) < 1e-15 { break }
            }
            nodes[i] = -z
            nodes[n - 1 - i] = z
            let weight = 2 / ((1 - z * z) * derivative * derivative)
            weights[i] = weight
            weights[n - 1 - i] = weight
        }
        self.nodes = nodes
        self.weights = weights
    }
}
