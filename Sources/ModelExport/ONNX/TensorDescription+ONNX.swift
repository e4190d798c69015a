/// The name, element type and shape of one graph input or output.
public struct ONNXTensorInfo: Sendable, Equatable, Codable {
    /// Element types the exporter writes.
    public enum ElementType: String, Sendable, Equatable, Codable {
        /// 32-bit float (`TensorProto.FLOAT`).
        case float
        /// 64-bit integer (`TensorProto.INT64`), used for class labels.
        case int64
    }

    /// One dimension: a fixed size or a named symbolic size such as `"batch"`. Encoded as a JSON
    /// number or string.
    public enum Dimension: Sendable, Equatable, Codable, CustomStringConvertible {
        /// A fixed size.
        case fixed(Int)
        /// A size chosen at run time, named.
        case symbolic(String)

        public var description: String {
            switch self {
            case let .fixed(size): return String(size)
            case let .symbolic(name): return name
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .fixed(size): try container.encode(size)
            case let .symbolic(name): try container.encode(name)
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let size = try? container.decode(Int.self) {
                self = .fixed(size)
            } else {
                self = .symbolic(try container.decode(String.self))
            }
        }
    }

    /// Tensor name in the graph.
    public var name: String
    /// Element type.
    public var elementType: ElementType
    /// Shape, outermost first.
    public var shape: [Dimension]
    /// What the tensor holds (written as the value's doc string).
    public var documentation: String

    /// A tensor description.
    public init(name: String, elementType: ElementType = .float, shape: [Dimension], documentation: String) {
        self.name = name
        self.elementType = elementType
        self.shape = shape
        self.documentation = documentation
    }

    /// The shape as text, for example `[steps, batch, 12]`.
    public var shapeDescription: String { "[" + shape.map(\.description).joined(separator: ", ") + "]" }

    /// The ONNX `ValueInfoProto` for this tensor.
    var valueInfo: Onnx_ValueInfoProto {
        var tensorType = Onnx_TypeProto.Tensor()
        switch elementType {
        case .float: tensorType.elemType = Int32(Onnx_TensorProto.DataType.float.rawValue)
        case .int64: tensorType.elemType = Int32(Onnx_TensorProto.DataType.int64.rawValue)
        }
        var shapeProto = Onnx_TensorShapeProto()
        shapeProto.dim = shape.map { dimension in
            var dim = Onnx_TensorShapeProto.Dimension()
            switch dimension {
            case let .fixed(size): dim.dimValue = Int64(size)
            case let .symbolic(name): dim.dimParam = name
            }
            return dim
        }
        tensorType.shape = shapeProto
        var type = Onnx_TypeProto()
        type.tensorType = tensorType
        var info = Onnx_ValueInfoProto()
        info.name = name
        info.type = type
        info.docString = documentation
        return info
    }
}
