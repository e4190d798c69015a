extension CycleDayState {
    /// Her usual well-being: the mean and SD of the well-being of days −90 … −6, leaving out menses
    /// days 1–3 and the 6 days before each known start; `nil` below 6 such days. The trees' reference
    /// deviations and the posterior's premenstrual term (`_PremenstrualLikelihood`) both read it.
    func wellbeingReference() -> (level: Float, deviation: Float)? {
        let today = todayIndex
        var total: Float = 0, squares: Float = 0, count = 0
        let low = max(0, today - 90), high = today - 6
        if low <= high {
            var startIndex = 0
            for index in low...high {
                while startIndex < starts.count && self.index(of: starts[startIndex]) + 2 < index { startIndex += 1 }
                // Masked: within 3 days after a start, or within 6 days before the next known start.
                var masked = false
                if startIndex < starts.count {
                    let offset = self.index(of: starts[startIndex])
                    masked = (index >= offset && index <= offset + 2) || (index >= offset - 6 && index < offset)
                }
                let value = wellbeing[index]
                if masked || value.isNaN { continue }
                total += value; squares += value * value; count += 1
            }
        }
        guard count >= 6 else { return nil }
        let level = total / Float(count)
        return (level, max(0, squares / Float(count) - level * level).squareRoot())
    }

    /// Her premenstrual gap: the mean, over her recent complete cycles, of the well-being of the 5
    /// days before each next start less her usual `level`, and how many cycles it averages; `nil`
    /// when no cycle has those days.
    func premenstrualGap(level: Float) -> (gap: Float, cycles: Int)? {
        var gap: Float = 0, gaps = 0
        for past in recentCycles where !past.wellbeingBeforeNextStart.isNaN {
            gap += past.wellbeingBeforeNextStart - level; gaps += 1
        }
        return gaps > 0 ? (gap / Float(gaps), gaps) : nil
    }
}
