import Cycles
import Foundation

extension LSTMCyclePredictor {
    /// One user's training sequence: raw daily features from the first logged day to the last,
    /// and the per-day targets of every head with their masks (weight 0 = no target).
    package struct TrainingSequence: Sendable {
        /// Number of days.
        var length: Int
        /// Raw features `[length, featureCount]`.
        var features: [Float]
        /// Class of the correction to the anchored date per day: (days until the next logged start) −
        /// `baseDays`, clamped to `Network.periodCorrections`, minus its lower bound.
        var periodTarget: [Int]
        var periodWeight: [Float]
        /// The period head's prior per day (`periodPrior`, `[length, Network.periodClassCount]`).
        var periodPrior: [Float]
        /// 1 when the current cycle's (true) ovulation is on or before the day.
        var ovulationTarget: [Float]
        var ovulationWeight: [Float]
        /// Class (0 low, 1 medium, 2 high) of tomorrow's logged energy / mood.
        var energyTarget: [Int]
        var energyWeight: [Float]
        var moodTarget: [Int]
        var moodWeight: [Float]

        /// Builds the sequence of `history`; `truth` (the generator's latent cycles) labels ovulation.
        package init?(history: UserHistory, truth: [CycleTruth]?) {
            guard let first = history.records.first?.date, let last = history.records.last?.date else { return nil }
            let length = first.distance(to: last) + 1
            self.length = length
            let featureCount = DailyFeatureBuilder.featureCount
            var rows = [Float](repeating: 0, count: length * featureCount)
            var baseDays = [Int](repeating: 0, count: length)
            var prior = [Float]()
            prior.reserveCapacity(length * Network.periodClassCount)
            var builder = DailyFeatureBuilder(profile: history.profile)
            var cursor = _HistoryCursor(history)
            rows.withUnsafeMutableBufferPointer { buffer in
                for offset in 0..<length {
                    let day = first.advanced(by: offset)
                    let logged = cursor.take(on: day)
                    builder.advance(to: day, record: logged.record, measurements: logged.measurements,
                                    into: buffer.baseAddress! + offset * featureCount)
                    baseDays[offset] = LSTMCyclePredictor.baseDays(builder.state)
                    prior += LSTMCyclePredictor.periodPrior(builder.posterior, baseDays: baseDays[offset])
                }
            }
            features = rows
            periodPrior = prior
            periodTarget = [Int](repeating: 0, count: length)
            periodWeight = [Float](repeating: 0, count: length)
            ovulationTarget = periodWeight
            ovulationWeight = periodWeight
            energyTarget = periodTarget
            energyWeight = periodWeight
            moodTarget = periodTarget
            moodWeight = periodWeight

            let starts = history.periodStarts
            var startIndex = 0
            let cycles = (truth ?? []).sorted { $0.cycleStart < $1.cycleStart }
            var cycleIndex = -1
            var byDate: [CalendarDay: DayRecord] = [:]
            for record in history.records { byDate[record.date] = record }
            for offset in 0..<length {
                let day = first.advanced(by: offset)
                while startIndex < starts.count, starts[startIndex] <= day { startIndex += 1 }
                if startIndex < starts.count {
                    let corrections = Network.periodCorrections
                    let correction = day.distance(to: starts[startIndex]) - baseDays[offset]
                    periodTarget[offset] = min(max(correction, corrections.lowerBound), corrections.upperBound) - corrections.lowerBound
                    periodWeight[offset] = 1
                }
                while cycleIndex + 1 < cycles.count, cycles[cycleIndex + 1].cycleStart <= day { cycleIndex += 1 }
                if cycleIndex >= 0 {
                    ovulationTarget[offset] = cycles[cycleIndex].ovulationDate.map { $0 <= day ? 1 : 0 } ?? 0
                    ovulationWeight[offset] = 1
                }
                if let tomorrow = byDate[day.advanced(by: 1)] {
                    if let energy = tomorrow.symptoms[.energy] {
                        energyTarget[offset] = SymptomLevel.allCases.firstIndex(of: SymptomLevel(value: Double(energy)))!
                        energyWeight[offset] = 1
                    }
                    if let mood = tomorrow.symptoms[.mood] {
                        moodTarget[offset] = SymptomLevel.allCases.firstIndex(of: SymptomLevel(value: Double(mood)))!
                        moodWeight[offset] = 1
                    }
                }
            }
        }
    }

    /// Per-feature mean and standard deviation over every day of `sequences` (scale floored at
    /// 1e-3; a constant feature gets scale 1).
    package static func normalisation(of sequences: [TrainingSequence]) -> (mean: [Float], scale: [Float]) {
        let count = DailyFeatureBuilder.featureCount
        var sum = [Double](repeating: 0, count: count), squares = sum
        var rows = 0.0
        for sequence in sequences {
            for row in 0..<sequence.length {
                for feature in 0..<count {
                    let value = Double(sequence.features[row * count + feature])
                    sum[feature] += value
                    squares[feature] += value * value
                }
            }
            rows += Double(sequence.length)
        }
        let mean = sum.map { $0 / max(rows, 1) }
        let scale = (0..<count).map { feature -> Float in
            let variance = max(squares[feature] / max(rows, 1) - mean[feature] * mean[feature], 0)
            let deviation = variance.squareRoot()
            return deviation < 1e-3 ? 1 : Float(deviation)
        }
        return (mean.map { Float($0) }, scale)
    }
}
