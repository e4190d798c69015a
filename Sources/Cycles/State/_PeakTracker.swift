/// One cycle's peak of a symptom read on an ordinal scale (`MucusPeak`, `CervixPeak`), advanced
/// observation by observation: the peak is the last day of the best level seen (at least
/// `minimumLevel`), confirmed by `confirmingObservations` later observations all of a lower level.
/// An observation of the best level or a better one moves the peak there and withdraws a
/// confirmation, until the tracker is `closed` (the double check is complete: later
/// observations change nothing).
struct _PeakTracker: Sendable, Equatable, Codable {
    /// Lower observations after the peak that confirm it (the evening of the third).
    static let confirmingObservations = 3

    /// What an observation did to the peak.
    enum Change: Equatable {
        case none, confirmed, withdrawn
    }

    /// The lowest level a peak may have (a mucus symptom: f; a fertile cervix sign).
    let minimumLevel: Int
    /// The best level seen this cycle (at least `minimumLevel`), `nil` before any.
    private(set) var best: Int?
    /// The peak day (the last day of `best`).
    private(set) var peak: CalendarDay?
    /// The day the peak was confirmed, `nil` while a candidate.
    private(set) var confirmed: CalendarDay?
    /// The first day with a level of at least `minimumLevel` (it opens the fertile window).
    private(set) var firstSign: CalendarDay?
    /// Observations this cycle.
    private(set) var observations = 0
    /// Set once the double check is complete: the cycle's evaluation is closed.
    var closed = false
    private var lowerSincePeak = 0

    init(minimumLevel: Int) {
        self.minimumLevel = minimumLevel
    }

    /// Reads the observation of `level` on `day` (after every day already read).
    mutating func observe(level: Int, on day: CalendarDay) -> Change {
        observations += 1
        guard !closed else { return .none }
        if level >= minimumLevel, firstSign == nil { firstSign = day }
        if level >= minimumLevel, level >= (best ?? level) {
            let withdrawn = confirmed != nil
            best = level
            peak = day
            confirmed = nil
            lowerSincePeak = 0
            return withdrawn ? .withdrawn : .none
        }
        guard peak != nil, confirmed == nil else { return .none }
        lowerSincePeak += 1
        guard lowerSincePeak == _PeakTracker.confirmingObservations else { return .none }
        confirmed = day
        return .confirmed
    }
}
