import Cycles
import Foundation

extension CycleDataset {
    /// Writes the dataset directory (creating it), each file atomically. The same dataset
    /// always gives byte-identical files. `symptom_logs.csv` is written when any symptom was
    /// logged, `measurements.csv` when any measurement was (each removed otherwise, so that a
    /// stale one does not survive), `truth.csv` when the dataset has truth.
    public func write(to directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DatasetError.writeFailed(path: directory.path, reason: "\(error.localizedDescription)")
        }
        func save(_ text: String, _ name: String) throws {
            let url = directory.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
                throw DatasetError.writeFailed(path: url.path, reason: "\(error.localizedDescription)")
            }
        }
        try save(profilesCSV(), FileName.profiles)
        try save(entriesCSV(), FileName.entries)
        if users.contains(where: { $0.records.contains { !$0.symptoms.isEmpty } }) {
            try save(symptomsCSV(), FileName.symptoms)
        } else {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(FileName.symptoms))
        }
        if users.contains(where: { !$0.measurements.isEmpty }) {
            try save(measurementsCSV(), FileName.measurements)
        } else {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(FileName.measurements))
        }
        if truth != nil { try save(truthCSV(), FileName.truth) }
        let data = try DatasetManifest.jsonEncoder.encode(manifest)
        try save(String(decoding: data, as: UTF8.self) + "\n", FileName.manifest)
    }

    func profilesCSV() -> String {
        var text = _DatasetReader.profileColumns.joined(separator: ",") + "\n"
        for user in users {
            let profile = user.profile
            let conditions = "[" + profile.conditions.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            text += [profile.id, profile.createdAt.iso, profile.onboardingCompleted ? "true" : "false", profile.cycleType.rawValue,
                     conditions, profile.preferencesJSON].map(_csvField).joined(separator: ",") + "\n"
        }
        return text
    }

    func entriesCSV() -> String {
        var text = _DatasetReader.entryColumns.joined(separator: ",") + "\n"
        text.reserveCapacity(users.count * 300 * 80)
        var id = 0
        for user in users {
            let userField = _csvField(user.userID)
            for record in user.records {
                id += 1
                let start = user.lastPeriodStart(onOrBefore: record.date)
                let cycleDay = start.map { $0.distance(to: record.date) + 1 }
                let stamp = record.date.iso + "T21:00:00Z"
                text += "\(id),\(userField),\(record.date.iso),\(record.flowIntensity.map(String.init) ?? ""),"
                text += "\(cycleDay.map(String.init) ?? ""),\(cycleDay.map(CycleDataset.displayedPhase) ?? ""),\(stamp),\(stamp),synced\n"
            }
        }
        return text
    }

    func symptomsCSV() -> String {
        var text = _DatasetReader.symptomColumns.joined(separator: ",") + "\n"
        text.reserveCapacity(users.count * 800 * 80)
        var id = 0
        for user in users {
            let userField = _csvField(user.userID)
            for record in user.records {
                let stamp = record.date.iso + "T21:00:00Z"
                let extra = record.symptoms.keys.filter { !SymptomType.builtIn.contains($0) }.sorted()
                for type in SymptomType.builtIn + extra {
                    guard let value = record.symptoms[type] else { continue }
                    id += 1
                    let zone = type == .pain ? record.painZone?.rawValue ?? "" : ""
                    let painType = type == .pain ? record.painType?.rawValue ?? "" : ""
                    text += "\(id),\(userField),\(record.date.iso),\(_csvField(type.rawValue)),\(value),,\(zone),\(painType),\(stamp),\(stamp),synced\n"
                }
            }
        }
        return text
    }

    /// The columns of a written `measurements.csv`: the table's, then `disturbed`.
    static let measurementFileColumns = _DatasetReader.measurementColumns + [_DatasetReader.disturbedColumn]

    /// `measurements.csv`: per user (file order), per day, kinds in schema order; categories as
    /// integers, temperatures with two decimals, `disturbed` 1 or 0; stamped at 07:00 UTC on the day.
    func measurementsCSV() -> String {
        var text = CycleDataset.measurementFileColumns.joined(separator: ",") + "\n"
        var id = 0
        for user in users {
            let userField = _csvField(user.userID)
            for day in user.measurements {
                let stamp = day.date.iso + "T07:00:00Z"
                for kind in day.kinds {
                    id += 1
                    let value = day.value(of: kind)!
                    let field = kind.isCategorical ? String(Int(value)) : _twoDecimals(value)
                    let disturbed = day.disturbed.contains(kind) ? 1 : 0
                    text += "\(id),\(userField),\(day.date.iso),\(kind.rawValue),\(field),\(_csvField(day.source(of: kind))),\(stamp),\(stamp),synced,\(disturbed)\n"
                }
            }
        }
        return text
    }

    func truthCSV() -> String {
        var text = _DatasetReader.truthColumns.joined(separator: ",") + "\n"
        guard let truth else { return text }
        for user in users {
            for cycle in truth[user.userID] ?? [] {
                text += [cycle.userID, cycle.cycleStart.iso, cycle.ovulationDate?.iso ?? "", cycle.lutealLength.map(String.init) ?? "",
                         cycle.follicularLength.map(String.init) ?? "", cycle.cohort].map(_csvField).joined(separator: ",") + "\n"
            }
        }
        return text
    }
}

/// `value` with exactly two decimals (`36.50`, `-0.07`), without `String(format:)`'s cost.
func _twoDecimals(_ value: Double) -> String {
    let hundredths = Int((abs(value) * 100).rounded())
    let fraction = hundredths % 100
    return (value < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}

/// A CSV field, quoted (RFC 4180) when it contains a comma, a quote or a line break.
func _csvField(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
