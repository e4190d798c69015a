import CNeuralNetKernels
import Foundation
import NeuralNet
import OnDeviceML

/// `odml-bench lstm`: the LSTM's batch-1 inference over 90 days (with its FMA floors and the
/// kernel's time in every instantiation, see `floorFields`), one streaming step, and training
/// throughput (batch 64 × 90 steps), against `Benchmarks/peers/bench_lstm.py`.
///
/// Weights and inputs follow closed-form patterns that the peer script reproduces exactly, so
/// both sides run the same model; each case prints a `checksum` (sum of the outputs) to show it.
enum LSTMSuite {
    static let inputSize = 24, hiddenSize = 32, steps = 90, trainingBatch = 64

    /// Weight pattern shared with the peer: `scale · sin(frequency · k + phase)` for element `k`.
    static func pattern(_ shape: [Int], scale: Float, frequency: Double, phase: Double) -> Tensor {
        let count = shape.reduce(1, *)
        return Tensor(uncheckedShape: shape, scalars: (0..<count).map { scale * Float(sin(frequency * Double($0) + phase)) })
    }

    static func model() -> (LSTM, Linear) {
        var generator = SeededGenerator(seed: 0)
        var lstm = LSTM(inputSize: inputSize, hiddenSize: hiddenSize, using: &generator)
        lstm.layers[0] = LSTM.Weights(
            weightIH: pattern([4 * hiddenSize, inputSize], scale: 0.2, frequency: 0.37, phase: 1),
            weightHH: pattern([4 * hiddenSize, hiddenSize], scale: 0.2, frequency: 0.23, phase: 2),
            biasIH: pattern([4 * hiddenSize], scale: 0.1, frequency: 0.11, phase: 0),
            biasHH: pattern([4 * hiddenSize], scale: 0.1, frequency: 0.07, phase: 3))
        var head = Linear(inputSize: hiddenSize, outputSize: 1, using: &generator)
        head.weight = pattern([1, hiddenSize], scale: 0.3, frequency: 0.5, phase: 0.5)
        head.bias = Tensor([0.05])
        return (lstm, head)
    }

    /// Inputs `[steps, batch, inputSize]`: `sin(0.05 · k + 0.3)` for element `k`.
    static func input(batch: Int) -> Tensor {
        pattern([steps, batch, inputSize], scale: 1, frequency: 0.05, phase: 0.3)
    }

    /// Runs the three cases. Inference and streaming use 1 BLAS thread; training uses
    /// `--threads` (default 2). Allocation counts appear when the malloc counter is preloaded.
    static func run(_ harness: BenchmarkHarness) throws {
        let (lstm, head) = model()

        // 1. Batch-1 inference over a 90-day sequence.
        BLAS.threadCount = 1
        let sequence = input(batch: 1)
        var state = LSTM.StreamingState(for: lstm)
        var outputs = [Float](repeating: 0, count: steps * hiddenSize)
        let runSequence = {
            state.reset()
            sequence.withUnsafeBufferPointer { x in
                outputs.withUnsafeMutableBufferPointer { lstm.run(x.baseAddress!, steps: steps, state: &state, outputs: $0.baseAddress!) }
            }
        }
        if harness.shouldRun("inference_b1_t90_h32") {
            let measurement = harness.measure(runSequence)
            runSequence()
            var extra: [String: Any] = ["blas_threads": 1, "checksum": Double(outputs.reduce(0, +)),
                                        "instruction_set": VectorMath.instructionSet.rawValue]
            if let allocations = AllocationCounter.allocationsPerCall(runSequence) { extra["allocations_per_call"] = allocations }
            extra.merge(floorFields(oursMicroseconds: measurement.medianMicroseconds, sequence: sequence, lstm: lstm,
                                    harness)) { _, new in new }
            harness.report("inference_b1_t90_h32", measurement, extra: extra)
        }

        // 2. One streaming step: carry (h, c), feed today's features.
        if harness.shouldRun("streaming_step_h32") {
            var day = 0
            let streamingStep = {
                sequence.withUnsafeBufferPointer { x in lstm.step(x.baseAddress! + (day % steps) * inputSize, state: &state) }
                day += 1
            }
            state.reset()
            let measurement = harness.measure(streamingStep)
            var extra: [String: Any] = ["blas_threads": 1]
            if let allocations = AllocationCounter.allocationsPerCall(streamingStep) { extra["allocations_per_call"] = allocations }
            state.reset()
            sequence.withUnsafeBufferPointer { x in for step in 0..<steps { lstm.step(x.baseAddress! + step * inputSize, state: &state) } }
            extra["checksum"] = Double(state.hidden.reduce(0, +))
            harness.report("streaming_step_h32", measurement, extra: extra)
        }

        // 3. Training: forward + BPTT + Adam on batch 64 × 90 steps, per-step head and MSE.
        if harness.shouldRun("training_b64_t90_h32") {
            BLAS.threadCount = harness.options.threads
            var model = _BenchmarkModel(lstm: lstm, head: head)
            let batchInput = input(batch: trainingBatch)
            let targets = pattern([steps * trainingBatch, 1], scale: 0.5, frequency: 0.013, phase: 0)
            var adam = try Adam(learningRate: 1e-3)
            var lastLoss: Float = 0
            var failure: Error?
            let measurement = harness.measure {
                do {
                    model.zeroGradients()
                    let output = try model.lstm.forward(batchInput)
                    let predictions = try model.head.forward(try output.outputs.reshaped(to: [steps * trainingBatch, hiddenSize]))
                    let loss = try MeanSquaredError.loss(predictions: predictions, targets: targets)
                    let dHidden = try model.head.backward(loss.gradient)
                    try model.lstm.accumulateGradients(try dHidden.reshaped(to: [steps, trainingBatch, hiddenSize]))
                    adam.update(&model)
                    lastLoss = loss.value
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            harness.report("training_b64_t90_h32", measurement,
                           extra: ["blas_threads": harness.options.threads,
                                   "sequences_per_second": Double(trainingBatch) / (measurement.medianMicroseconds / 1e6),
                                   "last_loss": Double(lastLoss)])
        }
    }
}

extension LSTMSuite {
    /// The FMA floors of the batch-1 sequence and each kernel instantiation's time:
    /// - `fma_count`: `steps · (inputSize + H) · 4H` multiply-adds (the input and recurrent products);
    /// - `avx512_fma_floor_us`: that count at 2 FMA units × 16 lanes a cycle at the clock measured
    ///   by a chain of dependent additions (`clock_ghz`), and `floor_ratio` = ours / it;
    /// - `measured_fma_floor_us`: at the AVX-512 FMA throughput this CPU measures with 16
    ///   independent chains (`fma_lanes_per_cycle`: 32 on two-FMA-unit Intel cores, 16 on AMD Zen 4,
    ///   which splits a 512-bit FMA into two 256-bit halves), and `measured_floor_ratio`;
    /// - `kernel_<set>_us`: the kernel alone (`CNeuralNetKernels`) in every instantiation this CPU runs.
    static func floorFields(oursMicroseconds: Double, sequence: Tensor, lstm: LSTM, _ harness: BenchmarkHarness) -> [String: Any] {
        let fmaCount = steps * (inputSize + hiddenSize) * 4 * hiddenSize
        var fields: [String: Any] = ["fma_count": fmaCount]
        if let (lanesPerSecond, cyclesPerSecond) = MachineProbe.avx512Throughput() {
            let nominal = Double(fmaCount) / (32 * cyclesPerSecond) * 1e6, measured = Double(fmaCount) / lanesPerSecond * 1e6
            fields["clock_ghz"] = BenchmarkHarness.rounded(cyclesPerSecond / 1e9)
            fields["fma_lanes_per_cycle"] = BenchmarkHarness.rounded(lanesPerSecond / cyclesPerSecond)
            fields["avx512_fma_floor_us"] = BenchmarkHarness.rounded(nominal)
            fields["floor_ratio"] = BenchmarkHarness.rounded(oursMicroseconds / nominal)
            fields["measured_fma_floor_us"] = BenchmarkHarness.rounded(measured)
            fields["measured_floor_ratio"] = BenchmarkHarness.rounded(oursMicroseconds / measured)
        }
        // The kernel alone, per instantiation: the layer's stacked transposed weights (64-byte
        // aligned, as `LSTM.StreamingState` keeps them) and summed bias.
        let weights = _CacheLineAlignedFloats(lstm.layers[0].weightIH.transposed().scalars + lstm.layers[0].weightHH.transposed().scalars)
        let bias = zip(lstm.layers[0].biasIH.scalars, lstm.layers[0].biasHH.scalars).map { $0 + $1 }
        var hidden = [Float](repeating: 0, count: hiddenSize), cell = hidden
        var gates = [Float](repeating: 0, count: steps * 4 * hiddenSize)
        for instructionSet in VectorMath.InstructionSet.allCases where instructionSet != .portable && instructionSet.isSupported {
            guard let kernels = odml_lstm_kernels_for(instructionSet.kernelSet), let run = kernels.pointee.layer_inference else { continue }
            let measurement = harness.measure {
                for index in hidden.indices { hidden[index] = 0; cell[index] = 0 }
                sequence.withUnsafeBufferPointer { x in
                    run(x.baseAddress, steps, inputSize, hiddenSize, weights.baseAddress, bias, &hidden, &cell, &gates, nil)
                }
            }
            fields["kernel_\(instructionSet.rawValue.lowercased().replacingOccurrences(of: "-", with: ""))_us"] =
                BenchmarkHarness.rounded(measurement.medianMicroseconds)
        }
        return fields
    }
}

/// The benchmark's trainable model: an LSTM under `lstm.` and a one-output head under `head.`.
struct _BenchmarkModel: Layer {
    var lstm: LSTM
    var head: Linear
    mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows {
        try lstm.visitParameters(prefix: parameterKey(prefix, "lstm"), body)
        try head.visitParameters(prefix: parameterKey(prefix, "head"), body)
    }
}
