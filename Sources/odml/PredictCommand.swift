import ArgumentParser
import Foundation
import OnDeviceML

/// `odml predict`: one user's cycle forecast for one day, with its reasoning.
struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Forecast one user's next period, ovulation, energy and mood on one day, with the reasoning.",
        discussion: """
            With --write, --data is the app's database and --model takes \(CycleModel.builtInNames.joined(separator: ", ")) \
            or a .odml file (a personal one with --password-file); without --model, the active model its \
            odml_model_log records (rules when it records none).
            """
    )

    /// Options shared by `predict` and `explain`.
    struct Options: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp(
            "Model: \(PredictorFactory.builtInNames.joined(separator: ", ")) or a .odml file (default: rules).",
            valueName: "model"))
        var model: String?

        @OptionGroup var dataset: DatasetOptions

        @Option(name: .long, help: "User id (may be omitted when the data holds one user).")
        var user: String?

        @Option(name: .long, help: "Day of the forecast, YYYY-MM-DD (data logged after it is not used; default: today).",
                transform: CalendarDay.argument)
        var date: CalendarDay?

        @Option(name: .long, help: "Language of the sentences (fr, en, or with a region: fr-FR, en-US).")
        var lang: Language = .fr

        @OptionGroup var output: JSONOutputOptions

        @OptionGroup var reading: LenientReadingOptions

        func validate() throws {
            if let model { try ArgumentCheck.model(model, option: "--model", builtIn: PredictorFactory.builtInNames) }
        }
    }

    @OptionGroup var options: Options

    @Flag(name: .long, help: "Write the forecast into the app database given by --data (predictions and insights rows in one transaction, sentences in her preferences' language; idempotent per day and model version).")
    var write = false

    @OptionGroup var encryption: PasswordFileOptions

    func validate() throws {
        if write {
            if let model = options.model { try ArgumentCheck.model(model, option: "--model", builtIn: CycleModel.builtInNames) }
            guard !options.reading.lenient else {
                throw ValidationError("--lenient does not apply to --write: the app database's rows are read as the app wrote them")
            }
        } else if encryption.passwordFile != nil {
            throw ValidationError("--password-file applies to --write only (the model that writes into the app database)")
        }
    }

    func run() throws {
        try PredictCommand.runReportingErrors {
            if write {
                #if SQLite
                try writeToAppDatabase()
                return
                #else
                throw DatasetError.sqliteUnavailable(path: options.dataset.data)
                #endif
            }
            let context = try PredictCommand.Context(options: options)
            if options.output.json {
                print(try JSONOutput.string(try context.forecast.report()))
                return
            }
            let phrases = try CyclePhrases.shared
            for line in try context.summaryLines() { print(line) }
            print(try phrases.text("report.top_factors", language: options.lang))
            if context.forecast.prediction.reasoning.factors.isEmpty { print("  –") }
            for factor in context.forecast.prediction.reasoning.factors {
                print("  " + (try phrases.text("report.factor", ["contribution": .decimal(factor.contribution, digits: 2, signed: true),
                                                                 "key": .text(factor.key), "phrase": .text(factor.phrase)],
                                               language: options.lang)))
            }
        }
    }

    /// A loaded dataset, the chosen user and the forecast for the chosen day (`DayForecast`).
    struct Context {
        let options: Options
        let forecast: DayForecast

        init(options: Options) throws {
            let day = options.date ?? .today
            let dataset = try options.dataset.load(lenient: options.reading.lenient)
            let history: UserHistory
            if let user = options.user {
                guard let found = dataset.users.first(where: { $0.userID == user }) else {
                    throw CommandFailure("--user: no user \"\(user)\" in \(options.dataset.data) (\(dataset.users.count) users)")
                }
                history = found
            } else {
                guard dataset.users.count == 1 else {
                    throw CommandFailure("--user: required, \(options.dataset.data) holds \(dataset.users.count) users")
                }
                history = dataset.users[0]
            }
            let predictor = try PredictorFactory.makePredictor(named: options.model ?? "rules", dataset: dataset)
            self.options = options
            self.forecast = try DayForecast(predictor: predictor, history: history, day: day, language: options.lang)
        }

        /// The forecast as a few text lines, labelled in the options' language (the cycle phrase book's `report.*` texts).
        func summaryLines() throws -> [String] {
            let phrases = try CyclePhrases.shared, language = options.lang, prediction = forecast.prediction
            func text(_ key: String, _ arguments: [String: PhraseArgument]) throws -> String {
                try phrases.text(key, arguments, language: language)
            }
            var lines = [try text("report.header", ["model": .text(forecast.predictorName), "user": .text(forecast.history.userID),
                                                    "date": .text(forecast.day.iso)])]
            lines.append(try text("report.next_period", ["date": .text(prediction.nextPeriodStart.iso),
                                                         "spread": .decimal(prediction.nextPeriodUncertaintyDays, digits: 1)]))
            if let confidence = prediction.nextPeriodConfidence {
                lines.append(try text("report.next_period_confidence", ["percent": .decimal(confidence * 100, digits: 0)]))
            }
            if let intervals = try CyclePhrases.intervalsLine(prediction.nextPeriodIntervals, language: language) {
                lines.append("     " + intervals)
            }
            if let ovulation = prediction.ovulation {
                lines.append(try text("report.ovulation", ["date": .text(ovulation.date.iso),
                                                           "percent": .decimal(ovulation.passedProbability * 100, digits: 0)]))
            }
            for (key, forecast) in [("report.energy_tomorrow", prediction.energyTomorrow), ("report.mood_tomorrow", prediction.moodTomorrow)] {
                guard let forecast else { continue }
                let level = try phrases.text("report.level.\(forecast.level.rawValue)", language: language)
                lines.append(try text(key, ["level": .text(level), "value": .decimal(forecast.value, digits: 1)]))
            }
            if let fertility = prediction.fertility {
                lines.append(try text("report.fertility", [:]))
                lines += try CyclePhrases.fertilitySentences(fertility, language: language).map { "     " + $0 }
            }
            lines.append(try text("report.why", ["sentence": .text(prediction.reasoning.text)]))
            for forecast in [prediction.energyTomorrow, prediction.moodTomorrow] {
                if let reasoning = forecast?.reasoning { lines.append("     " + reasoning.text) }
            }
            return lines
        }
    }

    /// Runs `body`, printing any module error as one line on stderr and exiting with status 1.
    static func runReportingErrors(_ body: () throws -> Void) throws {
        do { try body() } catch let error as ExitCode { throw error } catch {
            CyclesCommandSupport.printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}
