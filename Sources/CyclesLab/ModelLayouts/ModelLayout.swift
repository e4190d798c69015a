/// What a loaded model computes, in the terms exporters and `odml inspect` read: the learned
/// parameters (LSTM weights and heads, or tree ensembles) with the names and shapes of the
/// computation's input and outputs. Feature building, links (soft-max, sigmoid, exp), quantiles,
/// dates and reasoning stay in Swift and are not part of a layout.
public enum ModelLayout: Sendable {
    /// An LSTM with linear heads.
    case recurrent(RecurrentNetworkLayout)
    /// Boosted tree ensembles.
    case trees(TreeModelLayout)
    /// A built-in predictor without learned parameters (the rule engine, the calendar): nothing to export.
    case builtIn

    /// Short name of the layout family: `"recurrent"`, `"trees"` or `"built-in"`.
    package var family: String {
        switch self {
        case .recurrent: return "recurrent"
        case .trees: return "trees"
        case .builtIn: return "built-in"
        }
    }

    /// The computation's input, `nil` for a built-in predictor.
    package var input: TensorDescription? {
        switch self {
        case let .recurrent(network): return network.input
        case let .trees(trees): return trees.input
        case .builtIn: return nil
        }
    }

    /// The computation's outputs in order (empty for a built-in predictor).
    package var outputs: [TensorDescription] {
        switch self {
        case let .recurrent(network): return network.outputs
        case let .trees(trees): return trees.outputs
        case .builtIn: return []
        }
    }
}
