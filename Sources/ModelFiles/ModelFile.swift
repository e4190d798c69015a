import Foundation
import TensorCore

/// An OnDeviceML model file (`.odml`): a JSON header plus named tensor and tree-ensemble sections.
///
/// A `ModelFile` is a value: build it in memory with `setTensor(_:_:)` / `setTreeEnsemble(_:_:)`,
/// then `write(to:precision:password:)` it atomically, or `encoded(precision:password:)` it to bytes.
/// `read(from:password:)` / `decode(_:password:)` validate the whole container (magic, version,
/// bounds of every offset and length, CRC-32, shapes) before any section payload is read, and
/// throw a `ModelFileError` for any malformed input. The byte layout is documented in `FORMAT.md`.
///
/// Section names are stable keys shared by the optimizer, serializer and validator, for example
/// `"lstm.0.weight_ih"`; tensors and tree ensembles have separate name spaces.
public struct ModelFile: Sendable, Equatable {
    /// Model metadata, stored as the file's JSON header.
    public var header: ModelHeader

    /// Tensors by name, always held as fp32 in memory (quantised only when encoded).
    var tensors: [String: Tensor] = [:]

    /// Tree ensembles by name.
    var treeEnsembles: [String: TreeEnsembleSection] = [:]

    /// How each tree ensemble is stored when the file is encoded.
    var treeEnsembleLayouts: [String: TreeEnsembleLayout] = [:]

    /// An empty model file of `kind` (for example `"cycle-lstm"` or `"cycle-gbt"`) with a default header.
    public init(kind: String) {
        self.header = ModelHeader(kind: kind)
    }

    /// An empty model file with `header`.
    public init(header: ModelHeader) {
        self.header = header
    }

    /// Stores `tensor` under `name`, replacing any tensor of the same name.
    package mutating func setTensor(_ name: String, _ tensor: Tensor) {
        tensors[name] = tensor
    }

    /// The tensor stored under `name`, dequantised to fp32.
    /// - Throws: `ModelFileError.missingSection` if no tensor has that name.
    package func tensor(_ name: String) throws -> Tensor {
        guard let tensor = tensors[name] else { throw ModelFileError.missingSection(name: name) }
        return tensor
    }

    /// Removes the tensor stored under `name`, if any.
    package mutating func removeTensor(_ name: String) {
        tensors[name] = nil
    }

    /// The names of all tensors, sorted.
    package var tensorNames: [String] { tensors.keys.sorted() }

    /// Stores `ensemble` under `name`, replacing any tree ensemble of the same name, to be written
    /// in `layout`. Its structure (and its fit to `layout`) is validated when the file is encoded.
    package mutating func setTreeEnsemble(_ name: String, _ ensemble: TreeEnsembleSection,
                                         layout: TreeEnsembleLayout = .structOfArrays) {
        treeEnsembles[name] = ensemble
        treeEnsembleLayouts[name] = layout
    }

    /// The tree ensemble stored under `name`.
    /// - Throws: `ModelFileError.missingSection` if no tree ensemble has that name.
    package func treeEnsemble(_ name: String) throws -> TreeEnsembleSection {
        guard let ensemble = treeEnsembles[name] else { throw ModelFileError.missingSection(name: name) }
        return ensemble
    }

    /// How the tree ensemble stored under `name` is written (and was read), `nil` if there is none.
    package func treeEnsembleLayout(_ name: String) -> TreeEnsembleLayout? {
        treeEnsembleLayouts[name]
    }

    /// Removes the tree ensemble stored under `name`, if any.
    package mutating func removeTreeEnsemble(_ name: String) {
        treeEnsembles[name] = nil
        treeEnsembleLayouts[name] = nil
    }

    /// The names of all tree ensembles, sorted.
    package var treeEnsembleNames: [String] { treeEnsembles.keys.sorted() }
}
