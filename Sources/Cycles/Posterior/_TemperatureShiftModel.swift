import Foundation

/// The marginal log-likelihood of one cycle's temperatures (BBT or a wearable's wrist deviation)
/// under "the rise starts on cycle day r", for every r, and under no rise.
///
/// Reading on day d: y = b + c·R + e, with her baseline b (`_TemperatureReadings.baseline`), the
/// rise R ~ N(rise, riseDeviation²) per cycle, day noise e ~ N(0, σ²) with σ her own noise
/// (`_TemperatureReadings.noise`: her day-to-day differences pooled with `noise`), c = 0 before day r,
/// ½ on it (`halfFirstDay`) or 1, and 1 after. b and R are summed out in closed form (the readings
/// are Gaussian with covariance noise²·I + var(b)·11ᵀ + var(R)·ccᵀ, inverted through its rank-2
/// update); constants shared by every hypothesis are dropped.
struct _TemperatureShiftModel {
    /// One signal's physiology (figures: `_SignalLikelihood`).
    struct Parameters: Sendable {
        /// Mean and SD of the rise.
        var rise: Double, riseDeviation: Double
        /// Population day-to-day noise SD (her own differences refine it).
        var noise: Double
        /// Share of cycles without a rise.
        var flatShare: Double
        /// Days from ovulation to the first raised day, and their probabilities.
        var delays: [Int], delayProbabilities: [Double]
        /// Population prior of her baseline, before she has baseline readings.
        var priorMean: Double, priorDeviation: Double
        /// Whether the first raised day carries half the rise.
        var halfFirstDay: Bool
    }

    /// The log-likelihood without a rise.
    let flat: Double
    /// Per first raised cycle day (index = day, up to today + 1): the log-likelihood.
    private let byFirstRaisedDay: [Double]
    private let today: Int
    private let delays: [Int]
    /// log P(no rise), then log P(rise, delay) per delay.
    private let logWeights: [Double]

    init(readings temperatures: _TemperatureReadings, through today: Int, parameters shift: Parameters) {
        let readings = temperatures.values
        let (baselineMean, baselineVariance) = temperatures.baseline(shift)
        let rise = shift.rise
        self.today = min(today, readings.count - 1)
        delays = shift.delays
        logWeights = [log(shift.flatShare)] + shift.delayProbabilities.map { log((1 - shift.flatShare) * $0) }
        let last = self.today
        let noise = temperatures.noise(shift)
        let noiseVariance = noise * noise, riseVariance = shift.riseDeviation * shift.riseDeviation
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
        let firstWeight = shift.halfFirstDay ? 0.5 : 1.0
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

    /// log(P(no rise)·L(no rise) + Σ P(rise, delay)·L(rise from ovulationDay + delay)).
    func logLikelihood(ovulationDay: Int) -> Double {
        var sum = _LogSum()
        sum.add(logWeights[0] + flat)
        for (index, delay) in delays.enumerated() {
            let day = ovulationDay + delay
            sum.add(logWeights[index + 1] + (day > today ? flat : byFirstRaisedDay[max(1, day)]))
        }
        return sum.value
    }
}
