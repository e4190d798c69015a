/// The reading of a urinary LH (ovulation) test (`measurements.value` of kind `lh_test`).
///
/// `positive` is a line as dark as the control (or a digital test's smiley): the LH surge has
/// begun; `peak` is the highest reading of the surge, given by quantitative readers and
/// fertility monitors (the Clearblue monitor's "Peak"). Both mean "surge"; `peak` is the stronger.
public enum LHTestResult: Int, CaseIterable, Sendable, Codable, Comparable {
    /// Below the test's threshold (≈ 25 mIU/ml for most kits).
    case negative = 0
    /// At or above the threshold: the surge.
    case positive = 1
    /// The surge's highest reading.
    case peak = 2

    /// `true` for `positive` and `peak`.
    public var isSurge: Bool { self != .negative }

    public static func < (lhs: LHTestResult, rhs: LHTestResult) -> Bool { lhs.rawValue < rhs.rawValue }
}
