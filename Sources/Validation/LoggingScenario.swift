import Cycles
import CyclesLab

/// One row of the scenario table: what the held-out users log beside flow and symptoms (a
/// `DatasetPerturbation` keeping only some fertility signals), and what that asks of a user.
///
/// `burden` orders the scenarios from the least to the most asked of her; the verdict names the
/// passing scenario of least burden ("the cheapest logging that passes"). Each signal's rank is
/// our assumption, by the daily effort of a user who has what the signal needs: wrist temperature
/// 1 (passive: a watch or ring worn at night), LH tests 2 (5–10 urine tests around mid-cycle), BBT
/// 3 (a thermometer reading every morning before getting up), cervical mucus 4 (a daily
/// observation she must learn to classify; a daily cervix check alike, counted once for its three
/// kinds); a scenario's burden is the sum over its signals (symptoms only 0, the four generated
/// signals 10, all signals with the cervix 14).
public struct LoggingScenario: Sendable, Equatable {
    /// The signals kept (`signals:none`, `signals:lh`, …).
    public var perturbation: DatasetPerturbation

    /// The scenario keeping `perturbation`'s signals.
    public init(_ perturbation: DatasetPerturbation) {
        self.perturbation = perturbation
    }

    /// The table's scenarios, `DatasetPerturbation.signalScenarios` in order: symptoms only, + LH
    /// tests, + BBT, + wrist temperature, + cervical mucus, all signals.
    public static var defaults: [LoggingScenario] { DatasetPerturbation.signalScenarios.map(LoggingScenario.init) }

    /// `signals:lh`, … (the perturbation's name).
    public var name: String { perturbation.name }

    /// `"symptoms only"`, `"+ LH tests"`, … (the perturbation's label).
    public var label: String { perturbation.label }

    /// Rank of what the scenario asks of a user (0: nothing beyond flow and symptoms).
    public var burden: Int { perturbation.keptSignals.reduce(0) { $0 + Self.burden(of: $1) } }

    /// The logging as the verdict names it: `"symptoms only"`, `"LH tests"`, `"all signals"`.
    public var loggingPhrase: String {
        let kinds = perturbation.keptSignals
        if kinds.isEmpty { return "symptoms only" }
        if kinds.count == MeasurementKind.allCases.count { return "all signals" }
        return kinds.sorted().map(\.label).joined(separator: " and ")
    }

    /// What it asks of her, a few words (`"5–10 urine LH tests per cycle"`).
    public var effort: String {
        let kinds = perturbation.keptSignals.sorted()
        return kinds.isEmpty ? "nothing beyond flow and symptoms" : kinds.map(Self.effort(of:)).joined(separator: "; ")
    }

    /// One signal's rank (see the type's comment).
    static func burden(of kind: MeasurementKind) -> Int {
        switch kind {
        case .wristTemperature: return 1
        case .lhTest: return 2
        case .basalBodyTemperature: return 3
        case .cervicalMucus, .cervixOpening: return 4
        case .cervixFirmness, .cervixPosition: return 0  // the same check as the opening
        }
    }

    /// One signal's effort in a few words.
    static func effort(of kind: MeasurementKind) -> String {
        switch kind {
        case .wristTemperature: return "a watch or ring worn at night"
        case .lhTest: return "5–10 urine LH tests per cycle"
        case .basalBodyTemperature: return "a thermometer reading every morning"
        case .cervicalMucus: return "a daily mucus observation"
        case .cervixOpening, .cervixFirmness, .cervixPosition: return "a daily cervix check"
        }
    }
}
