import Cycles
import CyclesLab

/// Alert accuracy of the calendar, rules and every candidate on the held-out users as generated,
/// on the same users with poorer logs (`DatasetPerturbation`) and on any extra dataset, each
/// model with its paired difference to the calendar: the evidence of the gate "no model below
/// the calendar".
///
/// Every row is scored against the period starts of its own logs (what the app sees). Intervals
/// are 95 % percentile bootstrap intervals resampling users; differences are paired (the same
/// resampled users for the model and the calendar), from `CycleEvaluator.pairedDifferences`.
public struct RobustnessPanel: Sendable, Equatable, Encodable {
    /// One model on one row.
    public struct Cell: Sendable, Equatable, Encodable {
        /// The column.
        public var model: String
        /// `period_start.alert_accuracy`, `nil` when the row has no scored cycle.
        public var alertAccuracy: Double?
        /// Its 95 % interval.
        public var interval: ConfidenceInterval?
        /// model − calendar alert accuracy (`nil` for the calendar itself).
        public var versusCalendar: PairedDifference?

        /// Creates a cell.
        public init(model: String, alertAccuracy: Double?, interval: ConfidenceInterval?, versusCalendar: PairedDifference?) {
            self.model = model
            self.alertAccuracy = alertAccuracy
            self.interval = interval
            self.versusCalendar = versusCalendar
        }

        private enum CodingKeys: String, CodingKey {
            case model, alertAccuracy = "alert_accuracy", interval = "alert_accuracy_ci"
            case versusCalendar = "alert_accuracy_vs_calendar"
        }
    }

    /// One dataset: the users as generated, perturbed, or another dataset.
    public struct Row: Sendable, Equatable, Encodable {
        /// Short name (`"as generated"`, `"30-day gap"`, `"real: fedcycle"`).
        public var name: String
        /// Users on the row.
        public var users: Int
        /// Cycles scored for alert accuracy (the calendar's count; the same for every model).
        public var cycles: Int
        /// One cell per panel column, in column order.
        public var cells: [Cell]

        /// Creates a row.
        public init(name: String, users: Int, cycles: Int, cells: [Cell]) {
            self.name = name
            self.users = users
            self.cycles = cycles
            self.cells = cells
        }

        /// The cell of `model`.
        public func cell(_ model: String) -> Cell? { cells.first { $0.model == model } }
    }

    /// Columns: `calendar`, `rules`, then the candidates.
    public var models: [String]
    /// Rows in report order.
    public var rows: [Row]
    /// Bootstrap resamples behind every interval.
    public var bootstrapSamples: Int

    /// Creates a panel.
    public init(models: [String], rows: [Row], bootstrapSamples: Int) {
        self.models = models
        self.rows = rows
        self.bootstrapSamples = bootstrapSamples
    }

    /// The measurement `MeasurementKey.robustnessVersusCalendar` of `model`: the difference to
    /// the calendar on the row whose interval has the lowest upper end (the row that decides the
    /// gate), named in the method; `nil` when no row has an interval for `model`.
    public func measurement(for model: String) -> MeasuredValue? {
        let candidates = rows.compactMap { row -> (Row, PairedDifference, ConfidenceInterval)? in
            guard let difference = row.cell(model)?.versusCalendar, let interval = difference.interval else { return nil }
            return (row, difference, interval)
        }
        guard let (row, difference, interval) = candidates.min(by: { $0.2.high < $1.2.high }) else { return nil }
        let method = "\(model) − calendar alert accuracy on \(candidates.count) panel rows; decided by row \"\(row.name)\" "
            + "(\(row.users) users, \(row.cycles) cycles): \(_Format.points(difference.value, interval: interval)); 95 % CI: paired percentile "
            + "bootstrap over users (\(bootstrapSamples) resamples)"
        return MeasuredValue(value: difference.value, interval: interval, method: method)
    }

    /// The text and Markdown table (header first): per row, one line of alert accuracies
    /// `"acc [lo, hi]"` and one line of differences `"Δ vs calendar [lo, hi]"` in points.
    public var table: [[String]] {
        var result = [["row", "users", "cycles"] + models]
        for row in rows {
            result.append([row.name, _Format.grouped(row.users), _Format.grouped(row.cycles)] + models.map { model in
                guard let cell = row.cell(model), let accuracy = cell.alertAccuracy else { return "-" }
                return _Format.percent(accuracy, interval: cell.interval)
            })
            result.append(["  Δ vs calendar", "", ""] + models.map { model in
                row.cell(model)?.versusCalendar.map { _Format.points($0.value, interval: $0.interval) } ?? "-"
            })
        }
        return result
    }
}
