#if SQLite
import ArgumentParser
import Foundation
import OnDeviceML

extension PredictCommand {
    /// `odml predict --data app.sqlite --write`: the day's forecast written into the app database.
    func writeToAppDatabase() throws {
        let database = try AppDatabase.open(path: options.dataset.data)
        if let user = options.user, try database.history().userID != user {
            throw PersonalizationError.unknownUser(id: user, source: options.dataset.data)
        }
        let password = try encryption.password()
        let model = try AppDatabaseCommandSupport.model(options.model, database: database, password: password)
        let loop = OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.shared)
        let outcome = try loop.predict(at: CalendarDay.moment(of: options.date)) { batch in
            CyclesCommandSupport.printError("writing \(batch.predictions.count) predictions and \(batch.insights.count) insight for \(batch.day) (\(model.version))")
        }
        if options.output.json {
            print(try JSONOutput.string(DayWriteReport(outcome: outcome, model: model, path: options.dataset.data)))
            return
        }
        let rows = "\(outcome.batch.predictions.count) predictions and \(outcome.batch.insights.count) insight"
        print(outcome.inserted > 0 ? "wrote \(rows) for \(outcome.day) (\(model.version)) to \(options.dataset.data)"
                                   : "already written: \(rows) for \(outcome.day) (\(model.version)) in \(options.dataset.data); nothing new")
        for prediction in outcome.batch.predictions {
            let value = prediction.predictedValue.map { " value \($0)" } ?? ""
            print("  \(prediction.kind.rawValue): \(prediction.predictedDate)\(value), confidence \(String(format: "%.2f", prediction.confidence))")
        }
        if let reasoning = outcome.batch.insights.first?.reasoning { print("  reasoning: \(reasoning)") }
    }
}
#endif
