import Foundation

/// Behaviour signals computed incrementally from `ActionInstance`s.
///
/// Formulas (`d` = days since an instance, `w = 2^(−d / halfLifeDays)` its decay weight, `s` its
/// `success` value, smoothing prior `p₀ = 0.5` with weight `m = 2`):
/// - `successRate(tag)  = (Σ w·s + m·p₀) / (Σ w + m)` over instances of actions carrying the tag.
/// - `timeOfDayHeatmap[weekday][slot]`: the same smoothed rate per weekday (0 = Monday) and part of day.
/// - `bandwidthPreference(weekend:) = Σ w·s·minutes / Σ w·s` (10 minutes before any success).
/// - `noveltyTolerance = successRate(novelty ≥ 2) / successRate(all)`, clamped to `[0, 1.5]`.
/// - `frictionIndex ← 0.8 · frictionIndex + 0.2 · f` per instance, with `f` = 1 skipped,
///   0.5 snoozed, 0 done (starts at 0.3); ≥ `highFrictionThreshold` means high friction.
/// - `noveltyLoad ← 0.7^Δdays · noveltyLoad + noveltyLevel` when a done action's novelty is counted.
/// - `streak`: consecutive days, up to the latest recorded day, with at least one done action.
///
/// Decay is applied lazily through one running scale factor, so an update touches only the
/// action's tags and one heatmap cell: `O(tags)` time, no allocation once tags are known.
public struct SignalsCalculator: Sendable, Equatable {
    /// Half-life of the rolling window, in days.
    public let halfLifeDays: Double
    /// Friction index at or above which the recommender switches to the coping kit.
    package static let highFrictionThreshold: Float = 0.6
    /// Friction index before any history.
    package static let initialFriction: Float = 0.3
    static let priorRate = 0.5
    static let priorWeight = 2.0

    private var tagIndex: [String: Int] = [:]
    private var tagWeight: [Double] = []
    private var tagSuccess: [Double] = []
    private var heatWeight = [Double](repeating: 0, count: 21)
    private var heatSuccess = [Double](repeating: 0, count: 21)
    private var minutesWeighted = [Double](repeating: 0, count: 2)   // Σ w·s·minutes, weekday/weekend
    private var successWeighted = [Double](repeating: 0, count: 2)   // Σ w·s
    private var novelWeight = 0.0, novelSuccess = 0.0
    private var allWeight = 0.0, allSuccess = 0.0
    private var scale = 1.0            // 2^((lastDay − originDay) / halfLife)
    private var originDay = 0
    /// The latest day recorded (`nil` before any instance).
    public private(set) var lastDay: Int?
    /// Exponentially weighted friction (see the type's documentation).
    public private(set) var frictionIndex: Float = SignalsCalculator.initialFriction
    private var storedNoveltyLoad: Float = 0
    /// Consecutive days with a done action, ending at `lastDay`.
    public private(set) var streak = 0
    private var lastDoneDay: Int?
    /// Number of instances recorded.
    public private(set) var instanceCount = 0

    public init(halfLifeDays: Double = 14) {
        self.halfLifeDays = halfLifeDays
    }

    /// Whether any instance has been recorded (otherwise the signals are cold-start priors).
    public var hasHistory: Bool { instanceCount > 0 }

    /// Adds one instance of `template` (instances must arrive in non-decreasing `day` order;
    /// an earlier day is counted as the latest day).
    public mutating func record(_ instance: ActionInstance, template: ActionTemplate) {
        let day = max(instance.day, lastDay ?? instance.day)
        if let previous = lastDay, day > previous {
            storedNoveltyLoad *= pow(0.7, Float(day - previous))
        }
        lastDay = day
        scale = pow(2, Double(day - originDay) / halfLifeDays)
        if scale > 1e12 { rebase(to: day) }
        let weight = scale
        let success = Double(instance.success)
        for tag in template.tags {
            let index: Int
            if let existing = tagIndex[tag] { index = existing } else {
                index = tagWeight.count
                tagIndex[tag] = index
                tagWeight.append(0)
                tagSuccess.append(0)
            }
            tagWeight[index] += weight
            tagSuccess[index] += weight * success
        }
        let cell = (day % 7 + 7) % 7 * 3 + instance.timeOfDay.index
        heatWeight[cell] += weight
        heatSuccess[cell] += weight * success
        let weekend = SignalsCalculator.isWeekend(day: day) ? 1 : 0
        minutesWeighted[weekend] += weight * success * Double(instance.variantMinutes)
        successWeighted[weekend] += weight * success
        if template.novelty >= 2 {
            novelWeight += weight
            novelSuccess += weight * success
        }
        allWeight += weight
        allSuccess += weight * success
        frictionIndex = 0.8 * frictionIndex + 0.2 * instance.friction
        if instance.isDone {
            storedNoveltyLoad += template.noveltyLevel
            if lastDoneDay == day {
                // Same day: the streak already counts it.
            } else if let previous = lastDoneDay, previous == day - 1 {
                streak += 1
            } else {
                streak = 1
            }
            lastDoneDay = day
        } else if let previous = lastDoneDay, previous < day - 1 {
            streak = 0
        }
        instanceCount += 1
    }

    private mutating func rebase(to day: Int) {
        let factor = 1 / scale
        for index in tagWeight.indices { tagWeight[index] *= factor; tagSuccess[index] *= factor }
        for index in heatWeight.indices { heatWeight[index] *= factor; heatSuccess[index] *= factor }
        for index in 0..<2 { minutesWeighted[index] *= factor; successWeighted[index] *= factor }
        novelWeight *= factor; novelSuccess *= factor; allWeight *= factor; allSuccess *= factor
        originDay = day
        scale = 1
    }

    private func smoothedRate(weight: Double, success: Double) -> Float {
        Float((success / scale + Self.priorWeight * Self.priorRate) / (weight / scale + Self.priorWeight))
    }

    /// Whether `day` falls on a Saturday or Sunday (day 0 is a Monday).
    public static func isWeekend(day: Int) -> Bool { (day % 7 + 7) % 7 >= 5 }

    /// Smoothed, decayed success rate of actions carrying `tag` (0.5 for an unseen tag).
    public func successRate(forTag tag: String) -> Float {
        guard let index = tagIndex[tag] else { return Float(Self.priorRate) }
        return smoothedRate(weight: tagWeight[index], success: tagSuccess[index])
    }

    /// Mean of `successRate(forTag:)` over `tags` (0.5 when empty).
    public func successRate(forTags tags: [String]) -> Float {
        guard !tags.isEmpty else { return Float(Self.priorRate) }
        var total: Float = 0
        for tag in tags { total += successRate(forTag: tag) }
        return total / Float(tags.count)
    }

    /// Every tag seen so far with its smoothed success rate.
    public var successRateByTag: [String: Float] {
        tagIndex.mapValues { smoothedRate(weight: tagWeight[$0], success: tagSuccess[$0]) }
    }

    /// Smoothed success rate per weekday (rows, 0 = Monday) and part of day (columns).
    public var timeOfDayHeatmap: [[Float]] {
        (0..<7).map { weekday in (0..<3).map { slot in
            smoothedRate(weight: heatWeight[weekday * 3 + slot], success: heatSuccess[weekday * 3 + slot])
        } }
    }

    /// Smoothed success rate on `day`'s weekday at `timeOfDay`.
    public func heat(day: Int, timeOfDay: TimeOfDay) -> Float {
        let cell = (day % 7 + 7) % 7 * 3 + timeOfDay.index
        return smoothedRate(weight: heatWeight[cell], success: heatSuccess[cell])
    }

    /// Success-weighted mean duration in minutes on weekdays or weekends (10 without data).
    public func bandwidthPreference(weekend: Bool) -> Float {
        let index = weekend ? 1 : 0
        guard successWeighted[index] > 1e-9 * scale else { return 10 }
        return Float(minutesWeighted[index] / successWeighted[index])
    }

    /// Success on novel actions relative to all actions, in `[0, 1.5]` (1 without data).
    public var noveltyTolerance: Float {
        let overall = smoothedRate(weight: allWeight, success: allSuccess)
        return min(max(smoothedRate(weight: novelWeight, success: novelSuccess) / max(overall, 0.05), 0), 1.5)
    }

    /// Novelty load decayed to `day` (recent novel actions done; drives novelty fatigue).
    public func noveltyLoad(onDay day: Int) -> Float {
        guard let lastDay, day > lastDay else { return storedNoveltyLoad }
        return storedNoveltyLoad * pow(0.7, Float(day - lastDay))
    }

    /// Streak as seen on `day`: 0 if the last done day is before yesterday.
    public func streak(onDay day: Int) -> Int {
        guard let lastDoneDay, lastDoneDay >= day - 1 else { return 0 }
        return streak
    }
}
