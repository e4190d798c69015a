import Foundation

/// What her cycle-length model (`CycleLengthModel`) assumes before it has seen her cycles, and
/// how it weighs them: the population figures it starts from, each with its source, and the few
/// numbers fitted on real charts (`scripts/fit-cycle-length-prior.py`, Marquette charting cohort,
/// `Datasets/REFERENCE-STATISTICS.md`, "Period-only model").
///
/// The model: her log cycle length is her own mean plus a Student-t residual of her own scale;
/// a cycle is, with her own propensities, a long one (delayed or absent ovulation) or two cycles
/// logged as one (a forgotten period); recent cycles weigh more.
package struct CycleLengthPrior: Sendable, Equatable {
    /// Median cycle length of the population, in days (Bull et al. 2019, npj Digit Med 2:83:
    /// mean 29.3 d over 612,613 cycles; Li et al. 2020 Clue cohort: median 29).
    package var populationLength: Double
    /// SD of the women's mean log cycle length around it (Clue, non-highly-variable users: SD of
    /// per-user means 4.4–5.3 d, 0.15–0.18 in log; Marquette charts 0.09).
    package var betweenWomanLogDeviation: Double
    /// A typical woman's within-woman SD of cycle length, in days (Natural Cycles ≈ 2.9 d; Clue
    /// median CLD 2–3 d ⇒ 2.1–3.1 d; Marquette charts 2.2 d).
    package var typicalWithinWomanDeviation: Double
    /// SD of the log of the women's within-woman SD (a heavy right tail: Clue, 7.7 % of users
    /// with a median CLD above 9 d).
    package var withinWomanLogSpread: Double
    /// Degrees of freedom of her Student-t residual (heavy tails: ν ≈ 3–5 in the period-only
    /// literature, `Datasets/REFERENCE-STATISTICS.md`).
    package var residualDegreesOfFreedom: Double
    /// Weight of a cycle `k` cycles before the last one: `recencyDecay^k`, so that the forecast
    /// follows a cycle that drifts.
    package var recencyDecay: Double
    /// A long cycle (ovulation delayed or absent) is about this many times her usual length.
    package var longCycleFactor: Double
    /// SD of a long cycle's log length.
    package var longCycleLogDeviation: Double
    /// Her propensity for long cycles: the values weighed and their prior probabilities.
    package var longCycleShares: [(share: Double, probability: Double)]
    /// Her propensity for forgotten periods (a start not logged: one cycle of about twice her
    /// length): the values weighed and their prior probabilities.
    package var forgottenPeriodShares: [(share: Double, probability: Double)]
    /// Change of the mean cycle length per year of age, in days (Bull et al. 2019: −0.18 d per
    /// year from 25 to 45, R² 0.99), applied to ages in `ageRange` relative to `referenceAge`.
    package var ageSlopePerYear: Double
    /// The age at which the population length applies (the Natural Cycles cohort's mean age ≈ 30).
    package var referenceAge: Double
    /// Ages over which the slope applies; older and younger ages are clamped to it.
    package var ageRange: ClosedRange<Double>

    /// The prior of a woman who declared nothing unusual: published figures, and the scale
    /// parameters fitted on the Marquette charts by the prequential log score
    /// (`scripts/fit-cycle-length-prior.py`; `Datasets/REFERENCE-STATISTICS.md`, "Period-only model").
    package static let standard = CycleLengthPrior(
        populationLength: 29.0, betweenWomanLogDeviation: 0.087, typicalWithinWomanDeviation: 1.86,
        withinWomanLogSpread: 0.6, residualDegreesOfFreedom: 9, recencyDecay: 0.95,
        longCycleFactor: 1.6, longCycleLogDeviation: 0.3,
        longCycleShares: [(0, 0.494), (0.03, 0.327), (0.08, 0.157), (0.2, 0.022)],
        forgottenPeriodShares: [(0, 0.678), (0.03, 0.289), (0.1, 0.033)],
        ageSlopePerYear: -0.18, referenceAge: 30, ageRange: 25...45)

    /// The prior of a woman who declared irregular cycles or PCOS (`UserProfile.declaresIrregularCycles`):
    /// the standard one with the typical within-woman SD of the irregular Marquette women
    /// (per-woman SD above 3 d over at least 3 cycles: median 4.0 d, computed on the file).
    package static let declaredIrregular: CycleLengthPrior = {
        var prior = CycleLengthPrior.standard
        prior.typicalWithinWomanDeviation = 4.0
        return prior
    }()

    /// A prior from its parts (see the properties).
    package init(populationLength: Double, betweenWomanLogDeviation: Double, typicalWithinWomanDeviation: Double,
                withinWomanLogSpread: Double, residualDegreesOfFreedom: Double, recencyDecay: Double,
                longCycleFactor: Double, longCycleLogDeviation: Double,
                longCycleShares: [(share: Double, probability: Double)],
                forgottenPeriodShares: [(share: Double, probability: Double)],
                ageSlopePerYear: Double, referenceAge: Double, ageRange: ClosedRange<Double>) {
        self.populationLength = populationLength
        self.betweenWomanLogDeviation = betweenWomanLogDeviation
        self.typicalWithinWomanDeviation = typicalWithinWomanDeviation
        self.withinWomanLogSpread = withinWomanLogSpread
        self.residualDegreesOfFreedom = residualDegreesOfFreedom
        self.recencyDecay = recencyDecay
        self.longCycleFactor = longCycleFactor
        self.longCycleLogDeviation = longCycleLogDeviation
        self.longCycleShares = longCycleShares
        self.forgottenPeriodShares = forgottenPeriodShares
        self.ageSlopePerYear = ageSlopePerYear
        self.referenceAge = referenceAge
        self.ageRange = ageRange
    }

    /// The prior mean of her log cycle length at `age` (the population's without an age).
    func logMean(age: Double?) -> Double {
        guard let age else { return log(populationLength) }
        let clamped = min(max(age, ageRange.lowerBound), ageRange.upperBound)
        return log(populationLength + ageSlopePerYear * (clamped - referenceAge))
    }

    package static func == (lhs: CycleLengthPrior, rhs: CycleLengthPrior) -> Bool {
        lhs.populationLength == rhs.populationLength && lhs.betweenWomanLogDeviation == rhs.betweenWomanLogDeviation
            && lhs.typicalWithinWomanDeviation == rhs.typicalWithinWomanDeviation
            && lhs.withinWomanLogSpread == rhs.withinWomanLogSpread
            && lhs.residualDegreesOfFreedom == rhs.residualDegreesOfFreedom && lhs.recencyDecay == rhs.recencyDecay
            && lhs.longCycleFactor == rhs.longCycleFactor && lhs.longCycleLogDeviation == rhs.longCycleLogDeviation
            && lhs.longCycleShares.elementsEqual(rhs.longCycleShares) { $0 == $1 }
            && lhs.forgottenPeriodShares.elementsEqual(rhs.forgottenPeriodShares) { $0 == $1 }
            && lhs.ageSlopePerYear == rhs.ageSlopePerYear && lhs.referenceAge == rhs.referenceAge
            && lhs.ageRange == rhs.ageRange
    }
}
