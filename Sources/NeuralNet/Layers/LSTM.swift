import TensorCore

/// A stack of LSTM layers with PyTorch's parameter layout and gate order `i, f, g, o`.
///
/// For layer `l` with input `x_t` (size `I` for layer 0, `H` above) and state `(h, c)`:
/// ```
/// [i f g o] = W_ih · x_t + b_ih + W_hh · h_{t-1} + b_hh      (each block H rows)
/// i, f, o = σ(·);  g = tanh(·)
/// c_t = f ⊙ c_{t-1} + i ⊙ g;   h_t = o ⊙ tanh(c_t)
/// ```
/// Inputs are time-major, shape `TNI` (`[steps, batch, inputSize]`, PyTorch's default
/// `batch_first=False`). Padded sequences pass per-sequence lengths: past its length a sequence's
/// state is carried unchanged and its outputs are zero, as with PyTorch's packed sequences.
///
/// Parameter keys per layer `l`: `l.weight_ih` `[4H, I]`, `l.weight_hh` `[4H, H]`,
/// `l.bias_ih` `[4H]`, `l.bias_hh` `[4H]` (prefixed by the owner, e.g. `lstm.0.weight_ih`).
///
/// Training is full backpropagation through time: `forward` caches gates, cells and hidden
/// states (in buffers that the next `forward` refills in place); `backward` walks the steps in
/// reverse and accumulates weight gradients step by step, one `sgemm` per weight while the
/// step's gate gradients are in cache. The input projection of all steps is one `sgemm`.
/// `accumulateGradients` is `backward` without the input gradient.
public struct LSTM: Layer, Sendable {
    /// One layer's weights (or their gradients), PyTorch layout.
    public struct Weights: Sendable, Equatable {
        /// `[4H, inputSize of the layer]`.
        public var weightIH: Tensor
        /// `[4H, H]`.
        public var weightHH: Tensor
        /// `[4H]`.
        public var biasIH: Tensor
        /// `[4H]`.
        public var biasHH: Tensor

        /// A layer's weights from their tensors (shapes as documented on each property).
        public init(weightIH: Tensor, weightHH: Tensor, biasIH: Tensor, biasHH: Tensor) {
            self.weightIH = weightIH
            self.weightHH = weightHH
            self.biasIH = biasIH
            self.biasHH = biasHH
        }

        /// Zero weights for a layer with `inputSize` inputs and `hiddenSize` units.
        public init(zerosWithInputSize inputSize: Int, hiddenSize: Int) {
            weightIH = Tensor(zeros: [4 * hiddenSize, inputSize])
            weightHH = Tensor(zeros: [4 * hiddenSize, hiddenSize])
            biasIH = Tensor(zeros: [4 * hiddenSize])
            biasHH = Tensor(zeros: [4 * hiddenSize])
        }
    }

    /// The result of a forward pass.
    public struct Output: Sendable {
        /// Last layer's hidden state per step, `[T, N, H]`; zero past each sequence's length.
        public var outputs: Tensor
        /// Each layer's hidden state at its sequence's end, `[L, N, H]`.
        public var finalHidden: Tensor
        /// Each layer's cell state at its sequence's end, `[L, N, H]`.
        public var finalCell: Tensor
    }

    /// Features per step of the input.
    public let inputSize: Int
    /// Units per layer (`H`).
    public let hiddenSize: Int
    /// The layers' weights, bottom first.
    public var layers: [Weights]
    /// Gradient accumulators, matching `layers`.
    public var layerGradients: [Weights]
    private var caches: [_LSTMLayerCache] = []
    private var cachedLengths: [Int] = []

    /// Number of stacked layers.
    public var layerCount: Int { layers.count }

    /// A stack initialised like PyTorch: every weight and bias from `U(-1/√H, 1/√H)`.
    public init(inputSize: Int, hiddenSize: Int, layerCount: Int = 1, using generator: inout some RandomNumberGenerator) {
        precondition(inputSize > 0 && hiddenSize > 0 && layerCount > 0,
                     "LSTM needs positive sizes, got input \(inputSize), hidden \(hiddenSize), layers \(layerCount)")
        self.inputSize = inputSize
        self.hiddenSize = hiddenSize
        let bound = 1 / Float(hiddenSize).squareRoot()
        var layers: [Weights] = []
        var gradients: [Weights] = []
        for layer in 0..<layerCount {
            let layerInput = layer == 0 ? inputSize : hiddenSize
            layers.append(Weights(
                weightIH: Tensor(uniform: [4 * hiddenSize, layerInput], in: -bound...bound, using: &generator),
                weightHH: Tensor(uniform: [4 * hiddenSize, hiddenSize], in: -bound...bound, using: &generator),
                biasIH: Tensor(uniform: [4 * hiddenSize], in: -bound...bound, using: &generator),
                biasHH: Tensor(uniform: [4 * hiddenSize], in: -bound...bound, using: &generator)))
            gradients.append(Weights(zerosWithInputSize: layerInput, hiddenSize: hiddenSize))
        }
        self.layers = layers
        self.layerGradients = gradients
    }

    public mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows {
        for layer in layers.indices {
            let layerPrefix = parameterKey(prefix, String(layer))
            try body(parameterKey(layerPrefix, "weight_ih"), &layers[layer].weightIH, &layerGradients[layer].weightIH)
            try body(parameterKey(layerPrefix, "weight_hh"), &layers[layer].weightHH, &layerGradients[layer].weightHH)
            try body(parameterKey(layerPrefix, "bias_ih"), &layers[layer].biasIH, &layerGradients[layer].biasIH)
            try body(parameterKey(layerPrefix, "bias_hh"), &layers[layer].biasHH, &layerGradients[layer].biasHH)
        }
    }

    /// Inference over whole sequences (nothing cached).
    /// - Parameters:
    ///   - input: `[T, N, inputSize]`.
    ///   - lengths: per-sequence lengths in `0...T` (`nil`: every sequence has `T` steps).
    /// - Throws: `NeuralNetError.shapeMismatch` / `.invalidLength` for bad shapes or lengths.
    public func callAsFunction(_ input: Tensor, lengths: [Int]? = nil) throws -> Output {
        var copy = self
        copy.caches = []  // fresh buffers: writing into shared ones would copy them first
        return try copy.forward(input, lengths: lengths)
    }

    /// Training forward pass: like `callAsFunction`, and caches what `backward` needs.
    public mutating func forward(_ input: Tensor, lengths: [Int]? = nil) throws -> Output {
        guard input.rank == 3, input.shape[2] == inputSize else {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.forward", expected: [-1, -1, inputSize], found: input.shape)
        }
        let steps = input.shape[0], batch = input.shape[1], hidden = hiddenSize
        let lengths = lengths ?? [Int](repeating: steps, count: batch)
        guard lengths.count == batch else {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.forward (lengths)", expected: [batch], found: [lengths.count])
        }
        for (sequence, length) in lengths.enumerated() where length < 0 || length > steps {
            throw NeuralNetError.invalidLength(operation: "LSTM.forward", sequence: sequence, length: length, maximum: steps)
        }
        cachedLengths = lengths
        if caches.count != layers.count { caches = [] }
        var layerInput = input.scalars
        var finalHidden = [Float](repeating: 0, count: layers.count * batch * hidden)
        var finalCell = finalHidden
        for layer in layers.indices {
            // The caches of the last forward are refilled in place (same buffers when the shape is unchanged).
            if layer < caches.count {
                caches[layer].forward(input: layerInput, weights: layers[layer], steps: steps, batch: batch, lengths: lengths)
            } else {
                caches.append(_LSTMLayerCache(input: layerInput, weights: layers[layer], steps: steps, batch: batch,
                                              hiddenSize: hidden, lengths: lengths))
            }
            let base = layer * batch * hidden
            caches[layer].hiddens.withUnsafeBufferPointer { h in
                caches[layer].cells.withUnsafeBufferPointer { c in
                    for index in 0..<(batch * hidden) {
                        finalHidden[base + index] = h[steps * batch * hidden + index]
                        finalCell[base + index] = c[steps * batch * hidden + index]
                    }
                }
            }
            layerInput = caches[layer].outputs
        }
        return Output(outputs: Tensor(uncheckedShape: [steps, batch, hidden], scalars: layerInput),
                      finalHidden: Tensor(uncheckedShape: [layers.count, batch, hidden], scalars: finalHidden),
                      finalCell: Tensor(uncheckedShape: [layers.count, batch, hidden], scalars: finalCell))
    }

    /// Backpropagation through time for the last `forward`.
    ///
    /// Accumulates into `layerGradients` and returns `dInput` `[T, N, inputSize]`.
    /// - Parameters:
    ///   - dOutputs: gradient of the loss w.r.t. `Output.outputs`, `[T, N, H]` (entries past a
    ///     sequence's length are ignored).
    ///   - dFinalHidden: gradient w.r.t. `Output.finalHidden`, `[L, N, H]`, if the loss uses it.
    ///   - dFinalCell: gradient w.r.t. `Output.finalCell`, `[L, N, H]`, if the loss uses it.
    /// - Throws: `NeuralNetError.shapeMismatch` for shapes that do not match the last forward.
    public mutating func backward(_ dOutputs: Tensor, dFinalHidden: Tensor? = nil, dFinalCell: Tensor? = nil) throws -> Tensor {
        let dInput = try backpropagate(dOutputs, dFinalHidden: dFinalHidden, dFinalCell: dFinalCell, needsInputGradient: true)!
        return Tensor(uncheckedShape: [dOutputs.shape[0], dOutputs.shape[1], inputSize], scalars: dInput)
    }

    /// `backward` without `dInput`: accumulates into `layerGradients` only, and skips the
    /// first layer's `dG · W_ih` product. For an LSTM fed with data (no gradient w.r.t. the input
    /// wanted, as PyTorch skips it for inputs without `requires_grad`).
    /// - Parameters: as for `backward`.
    /// - Throws: `NeuralNetError.shapeMismatch` for shapes that do not match the last forward.
    public mutating func accumulateGradients(_ dOutputs: Tensor, dFinalHidden: Tensor? = nil, dFinalCell: Tensor? = nil) throws {
        _ = try backpropagate(dOutputs, dFinalHidden: dFinalHidden, dFinalCell: dFinalCell, needsInputGradient: false)
    }

    /// Shared body of `backward` and `accumulateGradients`: `dInput` as `[T·N·inputSize]`
    /// scalars, or `nil` when not `needsInputGradient`.
    private mutating func backpropagate(_ dOutputs: Tensor, dFinalHidden: Tensor?, dFinalCell: Tensor?,
                                        needsInputGradient: Bool) throws -> [Float]? {
        guard let top = caches.last else {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.backward (no forward cached)", expected: [], found: dOutputs.shape)
        }
        let steps = top.steps, batch = top.batch, hidden = hiddenSize
        guard dOutputs.shape == [steps, batch, hidden] else {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.backward", expected: [steps, batch, hidden], found: dOutputs.shape)
        }
        for (name, tensor) in [("dFinalHidden", dFinalHidden), ("dFinalCell", dFinalCell)] {
            if let tensor, tensor.shape != [layers.count, batch, hidden] {
                throw NeuralNetError.shapeMismatch(operation: "LSTM.backward (\(name))", expected: [layers.count, batch, hidden], found: tensor.shape)
            }
        }
        var dLayerOutput: [Float]? = dOutputs.scalars
        let stateCount = batch * hidden
        for layer in layers.indices.reversed() {
            let dHidden = dFinalHidden.map { Array($0.scalars[(layer * stateCount)..<((layer + 1) * stateCount)]) }
            let dCell = dFinalCell.map { Array($0.scalars[(layer * stateCount)..<((layer + 1) * stateCount)]) }
            dLayerOutput = caches[layer].backward(dOutputs: dLayerOutput!, dFinalHidden: dHidden, dFinalCell: dCell,
                                                  weights: layers[layer], gradients: &layerGradients[layer],
                                                  needsInputGradient: layer > 0 || needsInputGradient)
        }
        return dLayerOutput
    }
}
