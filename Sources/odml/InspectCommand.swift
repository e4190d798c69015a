import ArgumentParser
import Foundation
import OnDeviceML

/// `odml inspect`: describe an `.odml` model file.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a model file's kind, version, sections, metadata and checksum status.",
        discussion: """
            For a kind this build can load (cycle-gbt, cycle-lstm), the file is also read through its kind and the \
            layout of its computation is shown: the input and outputs every exporter writes, with the LSTM's size or \
            each ensemble's tree count.
            """
    )

    @Argument(help: "The .odml model file.")
    var file: String

    @OptionGroup var output: JSONOutputOptions

    @OptionGroup var encryption: PasswordFileOptions

    func validate() throws {
        try ArgumentCheck.existingPath(file, option: "<file>", what: "model file")
    }

    func run() throws {
        do {
            let password = try encryption.password()
            let inspection = try ModelFile.inspect(contentsOf: URL(fileURLWithPath: file), password: password)
            let layout = inspection.checksumValid ? Self.layout(of: file, password: password) : nil
            if output.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
                print(String(decoding: try encoder.encode(Document(inspection: inspection, layout: layout)), as: UTF8.self))
            } else {
                print(Self.text(inspection, file: file) + (layout.map(\.text) ?? ""), terminator: "")
            }
            if !inspection.checksumValid {
                throw CommandFailure("\(file): \(ModelFileError.checksumMismatch)")
            }
        } catch ModelFileError.missingPassword {
            throw CommandFailure("\(file): \(ModelFileError.missingPassword); pass --password-file FILE")
        } catch let error as ModelFileError {
            if case .fileSystem = error { throw CommandFailure(error.description) }
            throw CommandFailure("\(file): \(error)")
        }
    }

    /// The layout of the file's computation when its kind is registered and has one; `nil` for
    /// other kinds and for the rule engine, a reason when the file does not load through its kind.
    static func layout(of file: String, password: String?) -> LayoutSummary? {
        guard let model = try? ModelFile.read(from: URL(fileURLWithPath: file), password: password),
              let kind = ModelKindRegistry.kind(named: model.header.kind) else { return nil }
        do {
            let layout = try ModelLayout(kind.load(model))
            guard let input = layout.input else { return nil }
            var details: [String: String] = [:]
            switch layout {
            case let .recurrent(network):
                details["lstm"] = "\(network.lstm.layerCount) layer\(network.lstm.layerCount == 1 ? "" : "s"), \(network.featureCount) -> \(network.lstm.hiddenSize) hidden"
            case let .trees(trees):
                for head in trees.heads { details[head.name] = "\(head.model.ensemble.treeCount) trees" }
            case .builtIn:
                break
            }
            return LayoutSummary(kind: kind.name, summary: kind.summary, family: layout.family, input: input, outputs: layout.outputs,
                                 details: details, error: nil)
        } catch {
            return LayoutSummary(kind: kind.name, summary: kind.summary, family: nil, input: nil, outputs: [], details: [:], error: "\(error)")
        }
    }

    /// What `inspect` shows of a model's layout (`ModelLayout`).
    struct LayoutSummary: Encodable {
        let kind: String
        let summary: String
        let family: String?
        let input: TensorDescription?
        let outputs: [TensorDescription]
        let details: [String: String]
        let error: String?

        /// The text lines, after the sections.
        var text: String {
            guard let family, let input else { return "layout: unavailable (\(error ?? "unknown error"))\n" }
            var lines = ["layout: \(family)" + (details["lstm"].map { " (LSTM \($0))" } ?? "") + " — \(summary)"]
            lines.append("  input  \(input.name) \(input.shapeDescription)")
            for output in outputs {
                lines.append("  output \(output.name) \(output.shapeDescription)" + (output.elementType == .int64 ? " int64" : "")
                             + (details[output.name].map { ": \($0)" } ?? ""))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The `--json` document: the container's description, plus `layout` when there is one.
    struct Document: Encodable {
        let inspection: ModelFileInspection
        let layout: LayoutSummary?

        enum CodingKeys: String, CodingKey { case layout }

        func encode(to encoder: any Encoder) throws {
            try inspection.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(layout, forKey: .layout)
        }
    }

    /// The human-readable report.
    static func text(_ inspection: ModelFileInspection, file: String) -> String {
        let header = inspection.header
        var lines: [String] = []
        lines.append("file: \(file) (\(inspection.fileSize) bytes)")
        lines.append("kind: \(header.kind)")
        lines.append("format: \(inspection.formatVersion)")
        lines.append("created by: \(header.createdBy)" + (header.createdAt.map { " at \($0)" } ?? ""))
        lines.append("encrypted: " + (inspection.keyDerivationRounds.map { "yes (AES-256-GCM, PBKDF2-HMAC-SHA256 \($0) rounds)" } ?? "no"))
        let checksum = "0x" + String(inspection.storedChecksum, radix: 16, uppercase: true)
        lines.append("checksum: CRC-32 \(checksum) " + (inspection.checksumValid ? "ok" : "MISMATCH"))
        if let fingerprint = header.trainingDataFingerprint { lines.append("training data: \(fingerprint)") }
        lines.append("features (\(header.features.count)):")
        for (index, feature) in header.features.enumerated() {
            var line = "  \(index) \(feature.name)"
            if let group = feature.group { line += " [\(group)]" }
            switch feature.scaling {
            case let .standardization(mean, standardDeviation)?: line += " standardized mean=\(mean) std=\(standardDeviation)"
            case let .minMax(minimum, maximum)?: line += " min-max \(minimum)...\(maximum)"
            case nil: break
            }
            lines.append(line)
        }
        lines.append("metrics (\(header.metrics.count)):")
        for key in header.metrics.keys.sorted() { lines.append("  \(key) = \(header.metrics[key]!)") }
        lines.append("properties (\(header.properties.count)):")
        for key in header.properties.keys.sorted() { lines.append("  \(key) = \(header.properties[key]!)") }
        lines.append("sections (\(inspection.sections.count)):")
        for section in inspection.sections {
            var line = "  \(section.type) \(section.name) \(section.encoding) \(section.shape) \(section.bytes) bytes at \(section.offset)"
            if let scale = section.scale, let zeroPoint = section.zeroPoint { line += " scale=\(scale) zero_point=\(zeroPoint)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
