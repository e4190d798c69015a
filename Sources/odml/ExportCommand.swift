import ArgumentParser
import Foundation
import OnDeviceML

/// `odml export`: write a model file's network or ensembles in another format (ONNX).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a cycle-lstm or cycle-gbt model file to ONNX.",
        discussion: """
            The ONNX graph holds the network (normalisation, LSTM, heads) or the tree ensembles and outputs their raw \
            scores; feature building and the links (soft-max, sigmoid, exp) stay in OnDeviceML. --reference writes \
            deterministic input rows and OnDeviceML's outputs for them as JSON, for checking another runtime \
            (Benchmarks/peers/onnx_interop.py).
            """
    )

    @Argument(help: "The .odml model file.")
    var model: String

    @Option(name: .long, help: "Output format (only onnx).")
    var format: String = "onnx"

    @Option(name: .long, help: "The .onnx file to write.")
    var out: String

    @Option(name: .long, help: "Also write a JSON file with sample input rows and OnDeviceML's outputs for them.")
    var reference: String?

    @Option(name: .long, help: "Feature rows in the reference file.")
    var rows: Int = 1000

    @Option(name: .long, help: "Seed of the reference rows.")
    var seed: UInt64 = 42

    @Option(name: .long, help: "A file whose first line is the password of an encrypted model.")
    var passwordFile: String?

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard format == "onnx" else { throw ValidationError("unsupported --format \(format); expected onnx") }
        guard rows > 0 else { throw ValidationError("--rows must be positive, got \(rows)") }
    }

    func run() throws {
        let exportable: ONNXExportableModel
        let onnx: ONNXModel
        do {
            let password = try passwordFile.map(InspectCommand.readPassword)
            let file = try ModelFile.read(from: URL(fileURLWithPath: model), password: password)
            exportable = try ONNXExportableModel(modelFile: file)
            onnx = try exportable.exported(metadata: ["source_kind": file.header.kind])
        } catch ModelFileError.missingPassword {
            throw Failure(message: "\(model): \(ModelFileError.missingPassword); pass --password-file FILE")
        } catch let error as ModelFileError {
            if case .fileSystem = error { throw Failure(message: error.description) }
            throw Failure(message: "\(model): \(error)")
        } catch let error as ONNXExportError {
            throw Failure(message: "\(model): \(error)")
        }
        do {
            try onnx.write(to: URL(fileURLWithPath: out))
        } catch {
            throw Failure(message: "\(out): cannot write the ONNX file (\(error.localizedDescription))")
        }
        if let reference {
            let sample = exportable.sampleInput(rows: rows, seed: seed)
            let outputs = try exportable.referenceOutputs(input: sample.values, shape: sample.shape)
            let document = ReferenceDocument(model: model, onnx: out, seed: seed, input: onnx.input.name,
                                             inputShape: sample.shape, inputValues: sample.values.map(ReferenceDocument.text),
                                             outputs: outputs.mapValues { $0.map(ReferenceDocument.text) })
            do {
                try Data(try JSONOutput.string(document).utf8).write(to: URL(fileURLWithPath: reference), options: .atomic)
            } catch {
                throw Failure(message: "\(reference): cannot write the reference file (\(error.localizedDescription))")
            }
        }
        let summary = Summary(onnx: out, bytes: onnx.serializedData.count, operators: try onnx.operatorTypes(),
                              input: onnx.input, outputs: onnx.outputs, reference: reference)
        if json {
            try JSONOutput.print(summary)
        } else {
            print("wrote \(out) (\(summary.bytes) bytes, \(summary.operators.count) nodes: \(Set(summary.operators).sorted().joined(separator: ", ")))")
            print("input  \(onnx.input.name) \(onnx.input.shapeDescription)")
            for output in onnx.outputs { print("output \(output.name) \(output.shapeDescription)\(output.elementType == .int64 ? " int64" : "")") }
            if let reference { print("reference rows: \(reference)") }
        }
    }

    /// A one-line error message; ArgumentParser prints it as `Error: <message>` and exits with status 1.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// What `--json` prints.
    struct Summary: Encodable {
        let onnx: String
        let bytes: Int
        let operators: [String]
        let input: ONNXTensorInfo
        let outputs: [ONNXTensorInfo]
        let reference: String?
    }

    /// The `--reference` file: input rows and OnDeviceML's outputs, numbers as shortest
    /// round-trip text (`"nan"` for missing values) so that `float32` parsing recovers them exactly.
    struct ReferenceDocument: Encodable {
        let model: String
        let onnx: String
        let seed: UInt64
        let input: String
        let inputShape: [Int]
        let inputValues: [String]
        let outputs: [String: [String]]

        static func text(_ value: Float) -> String { value.isNaN ? "nan" : "\(value)" }

        enum CodingKeys: String, CodingKey {
            case model, onnx, seed, input, inputShape = "input_shape", inputValues = "input_values", outputs
        }
    }
}
