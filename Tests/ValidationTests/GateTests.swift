import Cycles
import Testing
@testable import Validation
import CyclesLab

@Suite struct GateTests {
    @Test(arguments: [
        (GateComparison.lessThan, 1.0, 2.0, true), (.lessThan, 2.0, 2.0, false),
        (.lessThanOrEqual, 2.0, 2.0, true), (.lessThanOrEqual, 2.1, 2.0, false),
        (.greaterThan, 2.0, 2.0, false), (.greaterThan, 2.1, 2.0, true),
        (.greaterThanOrEqual, 2.0, 2.0, true), (.greaterThanOrEqual, 1.9, 2.0, false),
    ])
    func comparisonHolds(comparison: GateComparison, measured: Double, limit: Double, expected: Bool) {
        #expect(comparison.holds(measured, limit: limit) == expected)
    }

    @Test func accuracyGatePassesOnTheIntervalLowerBoundNotThePointEstimate() {
        let specification = GateSpecification.alertAccuracy
        let above = MeasuredValue(value: 0.66, interval: ConfidenceInterval(low: 0.61, high: 0.70), method: "test")
        let straddling = MeasuredValue(value: 0.66, interval: ConfidenceInterval(low: 0.58, high: 0.72), method: "test")
        let pass = Gate(specification: specification, model: "m", measurement: above)
        let fail = Gate(specification: specification, model: "m", measurement: straddling)
        #expect(pass.status == .pass)
        #expect(pass.measured == 0.61)
        #expect(fail.status == .fail)
        #expect(fail.measured == 0.58)
        #expect(fail.method.contains("CI lower bound"))
    }

    @Test func missingIntervalOrMeasurementIsNotMeasuredAndNotAPass() {
        let noInterval = Gate(specification: .alertAccuracy, model: "m", measurement: MeasuredValue(value: 0.9, method: "point only"))
        #expect(noInterval.status == .notMeasured)
        #expect(!noInterval.passed)
        let missing = Gate(specification: .fineTunedSixMonths, model: "m", measurement: nil, reason: "no curve")
        #expect(missing.status == .notMeasured)
        #expect(missing.method == "no curve")
        #expect(missing.measured == nil)
    }

    @Test func sizeAndLatencyGatesUseTheirUnits() {
        let size = Gate(specification: .modelSize, model: "m", measurement: MeasuredValue(value: 10_000_000, method: "bytes"))
        #expect(size.status == .fail)
        #expect(size.unit == "bytes")
        let phase1 = Gate(specification: .latencyPhase1, model: "m", measurement: MeasuredValue(value: 120_000, method: "µs"))
        let phase2 = Gate(specification: .latencyPhase2, model: "m", measurement: MeasuredValue(value: 120_000, method: "µs"))
        #expect(phase1.status == .pass)
        #expect(phase2.status == .fail)
    }

    @Test func measurementKeysAreRecognised() {
        #expect(MeasurementKey.isKnown("period_start.alert_accuracy"))
        #expect(MeasurementKey.isKnown("latency.p99_us"))
        #expect(MeasurementKey.isKnown("learning_curve.fine_tuned.alert_accuracy.6m"))
        #expect(MeasurementKey.learningCurveMonths(in: "learning_curve.oracle.accuracy_2d.12m") == 12)
        #expect(!MeasurementKey.isKnown("learning_curve.fine_tuned.alert_accuracy.0m"))
        #expect(!MeasurementKey.isKnown("learning_curve.tuned.alert_accuracy.6m"))
        #expect(!MeasurementKey.isKnown("period_start.alert"))
        #expect(MeasurementKey.isKnown("learning_curve.calendar.alert_accuracy.6m"))
        #expect(MeasurementKey.isKnown(MeasurementKey.robustnessVersusCalendar))
        #expect(GateSpecification.defaults.contains(.notBelowCalendar))
    }
}
