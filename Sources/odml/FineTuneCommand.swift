import ArgumentParser
import Foundation
import OnDeviceML

/// `odml finetune`: personalise a model for one user, under the guardrail, and write her model file.
struct FineTuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finetune",
        abstract: "Fine-tune a cycle model on one user's data and feedback, keeping it only if it beats the current model.",
        discussion: "With --password-file, her model file is written encrypted with that password (and an encrypted --model is read with it)."
    )

    @Option(name: .long, help: ArgumentHelp(
        "The model to personalise: a .odml file, or 'rules' (with an app database, default: the base of its active model).",
        valueName: "model"))
    var model: String?

    @OptionGroup var dataset: DatasetOptions

    @Option(name: .long, help: "The user id (may be omitted with an app database: its one user).")
    var user: String?

    @Option(name: .long, help: "Last day of data to use, YYYY-MM-DD (default: her last logged day).", transform: CalendarDay.argument)
    var until: CalendarDay?

    @Option(name: .long, help: "Her feedback: her app database or a CSV 'user_id,date,feedback' (an app database given to --data is its own feedback).")
    var feedback: String?

    @OptionGroup var fineTuning: FineTuningOptions

    @Option(name: .long, help: "Where to write her model file (dataset directory form).")
    var out: String?

    @Option(name: .long, help: "With an app database: the directory of her personal model files (default: <database>.models beside it).")
    var modelsDir: String?

    @OptionGroup var encryption: PasswordFileOptions

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        if let model { try ArgumentCheck.model(model, option: "--model", builtIn: CycleModel.builtInNames) }
        if let feedback { try ArgumentCheck.existingPath(feedback, option: "--feedback", what: "feedback file") }
        if AppDatabaseCommandSupport.isAppDatabase(dataset.data) {
            guard out == nil, feedback == nil else {
                throw ValidationError("--out and --feedback do not apply to an app database: it holds her feedback, and her model goes to --models-dir")
            }
            return
        }
        guard modelsDir == nil else { throw ValidationError("--models-dir applies to an app database only; use --out") }
        guard let model, user != nil, let out else {
            throw ValidationError("--model, --user and --out are required with a dataset directory")
        }
        guard URL(fileURLWithPath: out).standardizedFileURL != URL(fileURLWithPath: model).standardizedFileURL else {
            throw ValidationError("--out must differ from --model: the model being personalised is never overwritten")
        }
    }

    func run() throws {
        do {
            #if SQLite
            if AppDatabaseCommandSupport.isAppDatabase(dataset.data) {
                try runInAppDatabase()
                return
            }
            #endif
            let (model, user, out) = (self.model!, self.user!, self.out!)
            let password = try encryption.password()
            let data = dataset.data
            let users = try dataset.load().users
            guard let history = users.first(where: { $0.userID == user }) else {
                throw PersonalizationError.unknownUser(id: user, source: data)
            }
            guard let lastDay = history.records.last?.date else {
                throw PersonalizationError.noHistory(user: user, detail: "no day logged in \(data)")
            }
            let cutoff = until ?? lastDay
            let base = try CycleModel.load(model, password: password)
            let signals = try feedback.map { try FeedbackSignal.load(from: URL(fileURLWithPath: $0), userID: user, through: cutoff) } ?? []
            let personalizer = Personalizer(tuners: try fineTuning.tuners())
            let started = Date()
            let outcome = try personalizer.personalize(base.population, history: history, cutoff: cutoff, signals: signals)
            let seconds = Date().timeIntervalSince(started)
            let record = PersonalModelRecord(outcome: outcome, userID: user)
            var personalFile = try PersonalModelFile.personalized(base.populationFile, record: record)
            if let trees = outcome.model as? GBTPersonalPredictor { trees.store(in: &personalFile) }
            try PersonalModelFile.write(personalFile, to: URL(fileURLWithPath: out), password: password)
            let size = FineTuneSummary.fileSize(out)
            FileHandle.standardError.write(Data("fine-tuned \(user) up to \(cutoff) in \(String(format: "%.2f", seconds)) s\n".utf8))
            if output.json {
                let summary = FineTuneSummary(user: user, cutoff: cutoff.iso, strategy: record.strategy, kept: record.kept,
                                              reason: record.reason, feedbackSignals: signals.count,
                                              inaccurateSignals: signals.filter { !$0.isAccurate }.count,
                                              currentScore: outcome.currentScore, candidateScore: outcome.candidateScore,
                                              out: out, bytes: size, encrypted: password != nil, modelVersion: nil)
                print(try JSONOutput.string(summary))
            } else {
                print("user \(user), data up to \(cutoff), \(history.truncated(through: cutoff).periodStarts.count) period starts, "
                      + "\(signals.count) feedback signals (\(signals.filter { !$0.isAccurate }.count) inaccurate)")
                print(record.reason)
                print("wrote \(out) (\(size) bytes\(password != nil ? ", encrypted" : ""), strategy \(record.strategy))")
            }
        } catch let error as PersonalizationError {
            throw CommandFailure(error.description)
        } catch let error as DatasetError {
            throw CommandFailure(error.description)
        } catch let error as ModelFileError {
            throw CommandFailure("\(model ?? dataset.data): \(error)")
        }
    }
}
