extension CycleDataset {
    /// The phase the app displays for a cycle day (a fixed 28-day template; never truth):
    /// days 1–5 menstrual, 6–12 follicular, 13–15 ovulatory, 16+ luteal.
    package static func displayedPhase(cycleDay: Int) -> String {
        switch cycleDay {
        case ...5: return "menstrual"
        case 6...12: return "follicular"
        case 13...15: return "ovulatory"
        default: return "luteal"
        }
    }
}
