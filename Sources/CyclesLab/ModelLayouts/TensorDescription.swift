/// The name, element type and shape of one input or output of a model's computation, as every
/// exporter writes it and `odml inspect` shows it.
public struct TensorDescription: Sendable, Equatable, Codable {
    /// Element types of model inputs and outputs.
    package enum ElementType: String, Sendable, Equatable, Codable {
        /// 32-bit float.
        case float
        /// 64-bit integer, used for class labels.
        case int64
    }

    /// One dimension: a fixed size or a named size chosen at run time such as `"batch"`. Encoded
    /// as a JSON number or string.
    package enum Dimension: Sendable, Equatable, Codable, CustomStringConvertible {
        /// A fixed size.
        case fixed(Int)
        /// A size chosen at run time, named.
        case symbolic(String)

        package var description: String {
            switch self {
            case let .fixed(size): return String(size)
            case let .symbolic(name): return name
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .fixed(size): try container.encode(size)
            case let .symbolic(name): try container.encode(name)
            }
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let size = try? container.decode(Int.self) {
                self = .fixed(size)
            } else {
                self = .symbolic(try container.decode(String.self))
            }
        }
    }

    /// The tensor's name, for example `"features"` or `"period_logits"`.
    public var name: String
    /// The element type.
    package var elementType: ElementType
    /// The shape, outermost first.
    package var shape: [Dimension]
    /// What the tensor holds (the exported doc string).
    package var documentation: String

    /// A tensor description; the element type defaults to `float`.
    package init(name: String, elementType: ElementType = .float, shape: [Dimension], documentation: String = "") {
        self.name = name
        self.elementType = elementType
        self.shape = shape
        self.documentation = documentation
    }

    /// The shape as text, for example `[steps, batch, 12]`.
    package var shapeDescription: String { "[" + shape.map(\.description).joined(separator: ", ") + "]" }
}
