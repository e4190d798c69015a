import Cycles
import CyclesLab

extension TensorDescription {
    /// The ONNX `ValueInfoProto` for this tensor.
    var onnxValueInfo: Onnx_ValueInfoProto {
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
