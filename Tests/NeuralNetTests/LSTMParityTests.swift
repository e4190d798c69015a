import Foundation
import Testing
import TensorCore
@testable import NeuralNet

/// Cross-check against `torch.nn.LSTM` + `nn.Linear` (float64 reference; fixture written by
/// `Benchmarks/peers/lstm_fixtures.py`).
@Suite struct LSTMParityTests {
    struct StoredTensor: Decodable {
        let shape: [Int]
        let data: [Double]
        var tensor: Tensor { Tensor(uncheckedShape: shape, scalars: data.map { Float($0) }) }
    }

    struct Case: Decodable {
        let name: String
        let input_size: Int, hidden_size: Int, layers: Int, steps: Int, batch: Int, output_size: Int
        let lengths: [Int]
        let parameters: [String: StoredTensor]
        let input: StoredTensor, d_output: StoredTensor, d_final_hidden: StoredTensor, d_final_cell: StoredTensor
        let lstm_output: StoredTensor, head_output: StoredTensor, final_hidden: StoredTensor, final_cell: StoredTensor
        let gradients: [String: StoredTensor]
        let d_input: StoredTensor
    }

    struct Document: Decodable { let cases: [Case] }

    static func cases() throws -> [Case] {
        let url = try #require(Bundle.module.url(forResource: "lstm_parity", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).cases
    }

    /// Largest `|found - expected| / max(|expected|, floor)` with `floor = 0.05 · max|expected|`.
    ///
    /// Why a floor: the reference is float64, ours float32. An entry that is a sum of many
    /// O(‖expected‖∞) terms (a weight gradient over T steps and N sequences) carries ≈ 1e-7·‖·‖∞
    /// of absolute rounding noise however small it ends up; measured worst case here 1.2e-7 on
    /// tensors with ‖·‖∞ ≈ 0.8. Entries below 5 % of the tensor's largest are therefore held to
    /// 1e-5 of that 5 % (≤ 4e-7 absolute here); all others to 1e-5 of their own size.
    static func relativeError(_ found: Tensor, _ expected: StoredTensor) -> Double {
        guard found.shape == expected.shape else { return .infinity }
        let floor = max(0.05 * (expected.data.map(abs).max() ?? 0), 1e-12)
        var worst = 0.0
        for (a, b) in zip(found.scalars, expected.data) {
            worst = max(worst, abs(Double(a) - b) / max(abs(b), floor))
        }
        return worst
    }

    @Test func outputsAndGradientsMatchPyTorch() throws {
        let cases = try Self.cases()
        #expect(cases.count == 3)
        for fixture in cases {
            var generator = SeededGenerator(seed: 0)
            var lstm = LSTM(inputSize: fixture.input_size, hiddenSize: fixture.hidden_size, layerCount: fixture.layers, using: &generator)
            var head = Linear(inputSize: fixture.hidden_size, outputSize: fixture.output_size, using: &generator)
            try lstm.loadParameters { fixture.parameters["lstm." + $0]?.tensor }
            try head.loadParameters { fixture.parameters["head." + $0]?.tensor }

            let output = try lstm.forward(fixture.input.tensor, lengths: fixture.lengths)
            let rows = fixture.steps * fixture.batch
            let flat = try output.outputs.reshaped(to: [rows, fixture.hidden_size])
            let headOutput = try head.forward(flat)
            #expect(Self.relativeError(output.outputs, fixture.lstm_output) <= 1e-5, "\(fixture.name) lstm output")
            #expect(Self.relativeError(try headOutput.reshaped(to: [fixture.steps, fixture.batch, fixture.output_size]), fixture.head_output) <= 1e-5,
                    "\(fixture.name) head output")
            #expect(Self.relativeError(output.finalHidden, fixture.final_hidden) <= 1e-5, "\(fixture.name) h_n")
            #expect(Self.relativeError(output.finalCell, fixture.final_cell) <= 1e-5, "\(fixture.name) c_n")

            lstm.zeroGradients()
            head.zeroGradients()
            let dFlat = try head.backward(try fixture.d_output.tensor.reshaped(to: [rows, fixture.output_size]))
            let dInput = try lstm.backward(try dFlat.reshaped(to: [fixture.steps, fixture.batch, fixture.hidden_size]),
                                           dFinalHidden: fixture.d_final_hidden.tensor, dFinalCell: fixture.d_final_cell.tensor)
            #expect(Self.relativeError(dInput, fixture.d_input) <= 1e-5, "\(fixture.name) d_input")
            for (key, gradient) in lstm.gradients {
                let expected = try #require(fixture.gradients["lstm." + key])
                #expect(Self.relativeError(gradient, expected) <= 1e-5, "\(fixture.name) lstm.\(key)")
            }
            for (key, gradient) in head.gradients {
                let expected = try #require(fixture.gradients["head." + key])
                #expect(Self.relativeError(gradient, expected) <= 1e-5, "\(fixture.name) head.\(key)")
            }
        }
    }
}
