import Foundation

/// The marginal log-likelihood of one cycle's temperatures (BBT or a wearable's wrist deviation)
/// under "the rise starts on cycle day r", for every r, and under no rise.
///
/// Reading on day d: y = b + c·R + e, with her baseline b ~ N(baselineMean, baselineVariance), the
/// rise R ~ N(rise, riseDeviation²) per cycle, day noise e ~ N(0, noise²), c = 0 before day r,
/// ½ on it (`halfFirstDay`) or 1, and 1 after. b and R are summed out in closed form (the readings
/// are Gaussian with covariance noise²·I + var(b)·11ᵀ + var(R)·ccᵀ, inverted through its rank-2
/// update); constants shared by every hypothesis are dropped.
struct _TemperatureShiftModel {
    /// The log-likelihood without a rise.
    let flat: Double
    /// Per first raised cycle day (index = day, up to today + 1): the log-likelihood.
    private let byFirstRaisedDay: [Double]
    private let today: Int

    init(readings: [Double?], through today: Int, baselineMean: Double, baselineVariance: Double,
         rise: Double, riseDeviation: Double, noise: Double, halfFirstDay: Bool) {
        self.today = min(today, readings.count - 1)
        let last = self.today
        let noiseVariance = noise * noise, riseVariance = riseDeviation * riseDeviation
        // Residuals from the baseline mean, and suffix sums over the days after each day.
        var residual = [Double](repeating: .nan, count: last + 2)
        var countAfter = [Double](repeating: 0, count: last + 2)
        var sumAfter = [Double](repeating: 0, count: last + 2)
        var n = 0.0, sum = 0.0, squares = 0.0
        if last >= 1 {
            for day in 1...last {
                guard let reading = readings[day] else { continue }
                let r = reading - baselineMean
                residual[day] = r
                n += 1; sum += r; squares += r * r
            }
            for day in stride(from: last, through: 1, by: -1) {
                countAfter[day] = countAfter[day + 1] + (residual[day + 1].isFinite ? 1 : 0)
                sumAfter[day] = sumAfter[day + 1] + (residual[day + 1].isFinite ? residual[day + 1] : 0)
            }
        }
        func logLikelihood(sumC: Double, sumCC: Double, sumCR: Double) -> Double {
            // r = y − b̄ − R̄·c; quadratic form and log-determinant through the 2×2 matrix M.
            let sumR = sum - rise * sumC
            let sumCResidual = sumCR - rise * sumCC
            let squaresR = squares - 2 * rise * sumCR + rise * rise * sumCC
            let m00 = noiseVariance / baselineVariance + n, m01 = sumC, m11 = noiseVariance / riseVariance + sumCC
            let determinant = m00 * m11 - m01 * m01
            let solved = (m11 * sumR * sumR - 2 * m01 * sumR * sumCResidual + m00 * sumCResidual * sumCResidual) / determinant
            let quadratic = (squaresR - solved) / noiseVariance
            return -0.5 * (quadratic + log(determinant * baselineVariance * riseVariance / (noiseVariance * noiseVariance)))
        }
        flat = logLikelihood(sumC: 0, sumCC: 0, sumCR: 0)
        var byDay = [Double](repeating: flat, count: last + 2)
        let firstWeight = halfFirstDay ? 0.5 : 1.0
        if last >= 1 {
            for day in 1...last {
                let logged = residual[day].isFinite
                let c = logged ? firstWeight : 0
                byDay[day] = logLikelihood(sumC: c + countAfter[day], sumCC: c * c + countAfter[day],
                                           sumCR: (logged ? c * residual[day] : 0) + sumAfter[day])
            }
        }
        byFirstRaisedDay = byDay
    }

    /// The log weights of `logLikelihood`: no rise first (`flatShare`), then each delay's.
    static func logWeights(_ delayProbabilities: [Double], flatShare: Double) -> [Double] {
        [log(flatShare)] + delayProbabilities.map { log((1 - flatShare) * $0) }
    }

    /// log(flatShare·L(no rise) + (1 − flatShare)·Σ P(delay)·L(rise from ovulationDay + delay)),
    /// with the weights of `logWeights`.
    func logLikelihood(ovulationDay: Int, delays: [Int], logWeights: [Double]) -> Double {
        var sum = _LogSum()
        sum.add(logWeights[0] + flat)
        for (index, delay) in delays.enumerated() {
            let day = ovulationDay + delay
            sum.add(logWeights[index + 1] + (day > today ? flat : byFirstRaisedDay[max(1, day)]))
        }
        return sum.value
    }
}
