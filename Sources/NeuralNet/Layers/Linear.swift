import TensorCore

/// A fully connected layer `y = x · Wᵀ + b` (PyTorch's `nn.Linear` layout).
///
/// Parameter keys: `weight` `[outputSize, inputSize]`, `bias` `[outputSize]`.
public struct Linear: Layer, Sendable {
    /// `W`, shape `[outputSize, inputSize]`.
    public var weight: Tensor
    /// `b`, shape `[outputSize]`.
    public var bias: Tensor
    /// Gradient accumulator for `weight`.
    public var dWeight: Tensor
    /// Gradient accumulator for `bias`.
    public var dBias: Tensor
    /// The input of the last `forward`, kept for `backward`.
    private var cachedInput: Tensor?

    /// Number of input features.
    public var inputSize: Int { weight.shape[1] }
    /// Number of outputs.
    public var outputSize: Int { weight.shape[0] }

    /// A layer initialised like PyTorch: `U(-1/√inputSize, 1/√inputSize)` for weight and bias.
    public init(inputSize: Int, outputSize: Int, using generator: inout some RandomNumberGenerator) {
        let bound = 1 / Float(max(inputSize, 1)).squareRoot()
        weight = Tensor(uniform: [outputSize, inputSize], in: -bound...bound, using: &generator)
        bias = Tensor(uniform: [outputSize], in: -bound...bound, using: &generator)
        dWeight = Tensor(zeros: [outputSize, inputSize])
        dBias = Tensor(zeros: [outputSize])
    }

    /// A layer with the given weights.
    /// - Throws: `NeuralNetError.shapeMismatch` unless `weight` is `[O, I]` and `bias` is `[O]`.
    public init(weight: Tensor, bias: Tensor) throws {
        guard weight.rank == 2, bias.shape == [weight.shape[0]] else {
            throw NeuralNetError.shapeMismatch(operation: "Linear(weight:bias:)", expected: [weight.shape.first ?? 0], found: bias.shape)
        }
        self.weight = weight
        self.bias = bias
        dWeight = Tensor(zeros: weight.shape)
        dBias = Tensor(zeros: bias.shape)
    }

    public mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows {
        try body(parameterKey(prefix, "weight"), &weight, &dWeight)
        try body(parameterKey(prefix, "bias"), &bias, &dBias)
    }

    /// Inference: `input` `[N, inputSize]` → `[N, outputSize]`, nothing cached.
    /// - Throws: `NeuralNetError.shapeMismatch` for a wrong input shape.
    public func callAsFunction(_ input: Tensor) throws -> Tensor {
        guard input.rank == 2, input.shape[1] == inputSize else {
            throw NeuralNetError.shapeMismatch(operation: "Linear", expected: [-1, inputSize], found: input.shape)
        }
        let rows = input.shape[0]
        var output = Tensor(zeros: [rows, outputSize])
        output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { x in
                apply(input: x.baseAddress!, rows: rows, output: out.baseAddress!)
            }
        }
        return output
    }

    /// Training forward pass: like `callAsFunction`, and caches `input` for `backward`.
    public mutating func forward(_ input: Tensor) throws -> Tensor {
        let output = try self(input)
        cachedInput = input
        return output
    }

    /// Backward pass for the last `forward`: accumulates `dWeight += dOutputᵀ · x`,
    /// `dBias += Σ_rows dOutput` and returns `dInput = dOutput · W` (`[N, inputSize]`).
    /// - Throws: `NeuralNetError.shapeMismatch` if `dOutput` is not `[N, outputSize]`.
    public mutating func backward(_ dOutput: Tensor) throws -> Tensor {
        guard let input = cachedInput else {
            throw NeuralNetError.shapeMismatch(operation: "Linear.backward (no forward cached)", expected: [-1, outputSize], found: dOutput.shape)
        }
        let rows = input.shape[0]
        guard dOutput.shape == [rows, outputSize] else {
            throw NeuralNetError.shapeMismatch(operation: "Linear.backward", expected: [rows, outputSize], found: dOutput.shape)
        }
        var dInput = Tensor(zeros: [rows, inputSize])
        dInput.withUnsafeMutableBufferPointer { dx in
            input.withUnsafeBufferPointer { x in
                dOutput.withUnsafeBufferPointer { dy in
                    accumulateGradients(input: x.baseAddress!, dOutput: dy.baseAddress!, rows: rows, dInput: dx.baseAddress!)
                }
            }
        }
        return dInput
    }

    /// Pointer-level inference for hot loops: `output[rows, O] = input[rows, I] · Wᵀ + b`.
    /// Allocates nothing.
    public func apply(input: UnsafePointer<Float>, rows: Int, output: UnsafeMutablePointer<Float>) {
        let inputSize = self.inputSize, outputSize = self.outputSize
        bias.withUnsafeBufferPointer { b in
            for row in 0..<rows { (output + row * outputSize).update(from: b.baseAddress!, count: outputSize) }
        }
        weight.withUnsafeBufferPointer { w in
            if rows == 1 {
                BLAS.sgemv(transpose: false, rows: outputSize, columns: inputSize, alpha: 1, a: w.baseAddress!, lda: inputSize,
                           x: input, beta: 1, y: output)
            } else {
                BLAS.sgemm(transposeA: false, transposeB: true, m: rows, n: outputSize, k: inputSize, alpha: 1,
                           a: input, lda: inputSize, b: w.baseAddress!, ldb: inputSize, beta: 1, c: output, ldc: outputSize)
            }
        }
    }

    /// Pointer-level backward: accumulates parameter gradients from `input` `[rows, I]` and
    /// `dOutput` `[rows, O]`, and writes (overwrites) `dInput` `[rows, I]` when it is not `nil`.
    public mutating func accumulateGradients(input: UnsafePointer<Float>, dOutput: UnsafePointer<Float>, rows: Int,
                                             dInput: UnsafeMutablePointer<Float>?) {
        let inputSize = self.inputSize, outputSize = self.outputSize
        guard rows > 0 else { return }
        dWeight.withUnsafeMutableBufferPointer { dw in
            BLAS.sgemm(transposeA: true, transposeB: false, m: outputSize, n: inputSize, k: rows, alpha: 1,
                       a: dOutput, lda: outputSize, b: input, ldb: inputSize, beta: 1, c: dw.baseAddress!, ldc: inputSize)
        }
        dBias.withUnsafeMutableBufferPointer { db in
            for row in 0..<rows { BLAS.saxpy(count: outputSize, alpha: 1, x: dOutput + row * outputSize, y: db.baseAddress!) }
        }
        if let dInput {
            weight.withUnsafeBufferPointer { w in
                BLAS.sgemm(transposeA: false, transposeB: false, m: rows, n: inputSize, k: outputSize, alpha: 1,
                           a: dOutput, lda: outputSize, b: w.baseAddress!, ldb: inputSize, beta: 0, c: dInput, ldc: inputSize)
            }
        }
    }
}
