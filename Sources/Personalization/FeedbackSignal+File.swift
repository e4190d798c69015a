import Cycles
import Foundation

extension FeedbackSignal {
    /// The CSV header of a feedback file.
    package static let csvHeader = "user_id,date,feedback"

    /// Reads `userID`'s signals known on or before `cutoff` from a feedback file: either her app
    /// database (`AppDatabase`: SQLite header, or a `.sqlite`/`.sqlite3`/`.db` name), or a CSV with
    /// the header `user_id,date,feedback` where `feedback` is `accurate` or `inaccurate` (her
    /// verdict on the prediction or insight of `date`).
    /// - Throws: `PersonalizationError.invalidFeedback` (file, line, what is wrong),
    ///   `.corruptStore` for a damaged database, `.unknownUser` when the database is someone else's,
    ///   `DatasetError.sqliteUnavailable` for a database in a build without the package trait `SQLite`.
    public static func load(from url: URL, userID: String, through cutoff: CalendarDay) throws -> [FeedbackSignal] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PersonalizationError.invalidFeedback(path: url.path, line: 0, detail: "cannot read the file (\(error.localizedDescription))")
        }
        if data.starts(with: Array("SQLite format 3".utf8)) || ["sqlite", "sqlite3", "db"].contains(url.pathExtension.lowercased()) {
            #if SQLite
            let database = try AppDatabase.open(path: url.path)
            guard try database.history().userID == userID else { throw PersonalizationError.unknownUser(id: userID, source: url.path) }
            return try database.feedbackSignals(through: cutoff)
            #else
            throw DatasetError.sqliteUnavailable(path: url.path)
            #endif
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PersonalizationError.invalidFeedback(path: url.path, line: 1, detail: "not UTF-8 text nor a feedback store")
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard let header = lines.first, header.trimmingCharacters(in: .whitespaces) == csvHeader else {
            throw PersonalizationError.invalidFeedback(path: url.path, line: 1,
                                                       detail: "expected the header \"\(csvHeader)\", found \"\((lines.first ?? "").prefix(40))\"")
        }
        var signals: [FeedbackSignal] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3 else {
                throw PersonalizationError.invalidFeedback(path: url.path, line: index + 1, detail: "expected 3 fields, found \(fields.count)")
            }
            guard let day = CalendarDay(iso: fields[1]) else {
                throw PersonalizationError.invalidFeedback(path: url.path, line: index + 1,
                                                           detail: "date: expected YYYY-MM-DD, found \"\(fields[1])\"")
            }
            guard let verdict = InsightFeedback(rawValue: fields[2]) else {
                throw PersonalizationError.invalidFeedback(path: url.path, line: index + 1,
                                                           detail: "feedback: expected accurate or inaccurate, found \"\(fields[2])\"")
            }
            guard fields[0] == userID, day <= cutoff else { continue }
            signals.append(FeedbackSignal(day: day, knownOn: day, isAccurate: verdict == .accurate, source: .insight))
        }
        return signals
    }
}
