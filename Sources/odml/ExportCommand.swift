#if Exports
import ArgumentParser
import Foundation
import OnDeviceML

/// `odml export`: write a model file's network or ensembles in another format.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a model file to ONNX, TFLite or Core ML.",
        discussion: """
            The exported model holds the network (normalisation, LSTM, heads) or the tree ensembles and outputs their \
            raw scores; feature building and the links (soft-max, sigmoid, exp) stay in OnDeviceML. onnx: an ONNX \
            graph (LSTM, ai.onnx.ml tree ensembles); tflite: builtin TFLite operators (UNIDIRECTIONAL_SEQUENCE_LSTM, \
            trees as dense matrix products); coreml: a Core ML .mlmodel (neural network with LSTM layers, tree-ensemble \
            regressors). What a format cannot express (a categorical split) is an error, never a different model. \
            --reference writes deterministic input rows and OnDeviceML's outputs for them as JSON, for checking \
            another runtime (Benchmarks/peers/*_interop.py).
            """
    )

    @Argument(help: "The .odml model file.")
    var model: String

    @Option(name: .long, help: "Output format.")
    var format: ExportFormat = .onnx

    @Option(name: .long, help: "The file to write (.onnx, .tflite or .mlmodel).")
    var out: String

    @Option(name: .long, help: "Also write a JSON file with sample input rows and OnDeviceML's outputs for them.")
    var reference: String?

    @Option(name: .long, help: "Feature rows in the reference file.")
    var rows: Int = 1000

    @Option(name: .long, help: "Seed of the reference rows.")
    var seed: UInt64 = 42

    @OptionGroup var encryption: PasswordFileOptions

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.existingPath(model, option: "<model>", what: "model file")
        guard rows > 0 else { throw ValidationError("--rows must be positive, got \(rows)") }
    }

    func run() throws {
        let exported: ExportedModel
        let layout: ModelLayout
        do {
            let password = try encryption.password()
            let file = try ModelFile.read(from: URL(fileURLWithPath: model), password: password)
            (exported, layout) = try ModelExporter.export(file, format: format, metadata: ["source_kind": file.header.kind])
        } catch ModelFileError.missingPassword {
            throw CommandFailure("\(model): \(ModelFileError.missingPassword); pass --password-file FILE")
        } catch let error as ModelFileError {
            if case .fileSystem = error { throw CommandFailure(error.description) }
            throw CommandFailure("\(model): \(error)")
        } catch let error as ModelExportError {
            throw CommandFailure("\(model): \(error)")
        }
        do {
            try exported.write(to: URL(fileURLWithPath: out))
        } catch {
            throw CommandFailure("\(out): cannot write the \(format.displayName) file (\(error.localizedDescription))")
        }
        if let reference {
            let sample = layout.sampleInput(rows: rows, seed: seed)
            let outputs = try layout.referenceOutputs(input: sample.values, shape: sample.shape)
            let document = ReferenceDocument(model: model, format: format, file: out, seed: seed, input: exported.input.name,
                                             inputShape: sample.shape, inputValues: sample.values.map(ReferenceDocument.text),
                                             outputs: outputs.mapValues { $0.map(ReferenceDocument.text) })
            do {
                try Data(try JSONOutput.string(document).utf8).write(to: URL(fileURLWithPath: reference), options: .atomic)
            } catch {
                throw CommandFailure("\(reference): cannot write the reference file (\(error.localizedDescription))")
            }
        }
        let summary = Summary(format: format, file: out, bytes: exported.data.count, operators: exported.operators,
                              input: exported.input, outputs: exported.outputs, reference: reference)
        if output.json {
            try JSONOutput.print(summary)
        } else {
            print("wrote \(out) (\(summary.bytes) bytes, \(format.displayName), \(summary.operators.count) operators: \(Set(summary.operators).sorted().joined(separator: ", ")))")
            print("input  \(exported.input.name) \(exported.input.shapeDescription)")
            for output in exported.outputs { print("output \(output.name) \(output.shapeDescription)\(output.elementType == .int64 ? " int64" : "")") }
            if let reference { print("reference rows: \(reference)") }
        }
    }

    /// What `--json` prints.
    struct Summary: Encodable {
        let format: ExportFormat
        let file: String
        let bytes: Int
        let operators: [String]
        let input: TensorDescription
        let outputs: [TensorDescription]
        let reference: String?
    }

    /// The `--reference` file: input rows and OnDeviceML's outputs, numbers as shortest
    /// round-trip text (`"nan"` for missing values) so that `float32` parsing recovers them exactly.
    /// The input is in `ModelLayout.inputShape(rows:)` (`[steps, batch, F]` for an LSTM, whatever
    /// the format's own input shape).
    struct ReferenceDocument: Encodable {
        let model: String
        let format: ExportFormat
        let file: String
        let seed: UInt64
        let input: String
        let inputShape: [Int]
        let inputValues: [String]
        let outputs: [String: [String]]

        static func text(_ value: Float) -> String { value.isNaN ? "nan" : "\(value)" }

        enum CodingKeys: String, CodingKey {
            case model, format, file, seed, input, inputShape = "input_shape", inputValues = "input_values", outputs
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
#endif
