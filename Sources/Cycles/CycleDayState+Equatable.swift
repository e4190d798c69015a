extension CycleDayState: Equatable {
    /// Equal when everything known is the same; a value not logged (`nan`) equals itself.
    package static func == (lhs: CycleDayState, rhs: CycleDayState) -> Bool {
        lhs.declaredCycleType == rhs.declaredCycleType && lhs.cycle == rhs.cycle && lhs.starts == rhs.starts
            && lhs.recentCycles == rhs.recentCycles && lhs.firstDay == rhs.firstDay
            && lhs.lastOneSidedPain == rhs.lastOneSidedPain && lhs.ovulationPainThisCycle == rhs.ovulationPainThisCycle
            && lhs.lastLoggedDay == rhs.lastLoggedDay && lhs.symptomLogMask == rhs.symptomLogMask
            && lhs.signalLogMask == rhs.signalLogMask && lhs.signals == rhs.signals
            && lhs.dayCount == rhs.dayCount && _sameBits(lhs.flow, rhs.flow) && lhs.logged == rhs.logged
            && lhs.symptomLogged == rhs.symptomLogged && lhs.symptomSeries.elementsEqual(rhs.symptomSeries, by: _sameBits)
            && lhs.painZone == rhs.painZone && _sameBits(lhs.wellbeing, rhs.wellbeing)
    }
}

extension CycleDayState.CompletedCycle: Equatable {
    /// Equal when every fact is the same; a well-being not logged (`nan`) equals itself.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.start == rhs.start && lhs.length == rhs.length && lhs.ovulationPainDay == rhs.ovulationPainDay
            && lhs.ovulationEvidence == rhs.ovulationEvidence
            && _sameBits([lhs.wellbeingBeforeNextStart, lhs.wellbeingMidCycle], [rhs.wellbeingBeforeNextStart, rhs.wellbeingMidCycle])
    }
}

/// `true` when `a` and `b` hold the same `Float` bit patterns.
private func _sameBits(_ a: [Float], _ b: [Float]) -> Bool {
    a.elementsEqual(b) { $0.bitPattern == $1.bitPattern }
}
