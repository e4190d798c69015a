#if SQLite
import ArgumentParser
import Foundation
import OnDeviceML

extension FineTuneCommand {
    /// `odml finetune --data app.sqlite`: her logs, reconciled predictions and verdicts from the
    /// app database; her model file written to `--models-dir` before `odml_model_log` records it.
    func runInAppDatabase() throws {
        let data = dataset.data
        let database = try AppDatabase.open(path: data)
        let history = try database.history()
        if let user, history.userID != user { throw PersonalizationError.unknownUser(id: user, source: data) }
        let password = try encryption.password()
        guard let baseSource = try model ?? database.activeModelEntry()?.baseModel else {
            throw ValidationError("--model: required, \(data) records no model yet (odml_model_log is empty)")
        }
        let base = try CycleModel.load(baseSource, password: password)
        let directory = URL(fileURLWithPath: modelsDir ?? URL(fileURLWithPath: data).deletingPathExtension().path + ".models")
        let loop = OnDeviceLoop(database: database, model: base, generator: try CyclePhrases.shared)
        let started = Date()
        let result = try loop.fineTune(base: base, personalizer: Personalizer(tuners: try fineTuning.tuners()),
                                       modelDirectory: directory, password: password, cutoff: until,
                                       at: Date()) { step in CyclesCommandSupport.printError(step) }
        let seconds = Date().timeIntervalSince(started)
        CyclesCommandSupport.printError("fine-tuned \(history.userID) up to \(result.entry.cutoff) in \(String(format: "%.2f", seconds)) s")
        let written = result.file?.path
        let size = FineTuneSummary.fileSize(written)
        let inaccurate = result.signals.filter { !$0.isAccurate }.count
        if output.json {
            let summary = FineTuneSummary(result, user: history.userID, encrypted: password != nil)
            print(try JSONOutput.string(summary))
            return
        }
        print("user \(history.userID), data up to \(result.entry.cutoff), \(history.truncated(through: result.entry.cutoff).periodStarts.count) period starts, "
              + "\(result.signals.count) feedback signals (\(inaccurate) inaccurate)")
        print(result.entry.reason)
        if let written {
            print("wrote \(written) (\(size) bytes\(password != nil ? ", encrypted" : ""), strategy \(result.entry.strategy))")
        }
        print("active model: \(result.entry.model) (\(result.entry.modelVersion)), recorded in \(data)")
    }
}
#endif
