import Foundation
import ShifAIRuntime
import TensorCore

// Models (`odml.h`, "Models").

/// `odml_model_load`.
@_cdecl("odml_model_load")
public func odml_model_load(_ path: UnsafePointer<CChar>?, _ password: UnsafePointer<CChar>?,
                            _ outModel: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outModel, "out_model")
        let source = try CCall.string(path, "path")
        let password = try CCall.optionalString(password, "password")
        if !CycleModel.builtInNames.contains(source), !FileManager.default.fileExists(atPath: source) {
            throw CFailure(.notFound, "\(source): no such file (expected a .odml file or one of "
                           + "\(CycleModel.builtInNames.joined(separator: ", ")))")
        }
        // Without OpenBLAS (Linux opens it at run time) a model's first BLAS call would stop the process: refuse here.
        do { try BLAS.checkKernel() } catch TensorError.blasUnavailable(let reason) {
            throw CFailure(.unsupported, "the models need OpenBLAS at run time (libopenblas0 on Debian): \(reason)")
        } catch {
            // An older kernel than the CPU allows still computes the same results, more slowly.
        }
        let model: CycleModel
        do {
            model = try CycleModel.load(source, password: password)
        } catch PersonalizationError.unsupportedModel(_, let detail) {
            // The container's own error (not a model file, truncated, corrupt) when that is the cause: read it
            // again on this failure path only, so that a load that succeeds reads and decrypts the file once.
            do { _ = try ModelFile.read(from: URL(fileURLWithPath: source), password: password) } catch let error as ModelFileError {
                throw CFailure(CFailure(classifying: error).status, "\(source): \(error)")
            }
            throw CFailure(.unsupported, "\(source): \(detail)")
        }
        out.pointee = ModelHandle(model).retained()
    }
}

/// `odml_model_describe`.
@_cdecl("odml_model_describe")
public func odml_model_describe(_ model: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        let handle = try Handle.object(model, as: ModelHandle.self, "model")
        try CCall.give(try ReportJSON.pretty(ModelDescription(handle.model)), to: out)
    }
}

/// `odml_model_free`.
@_cdecl("odml_model_free")
public func odml_model_free(_ model: OpaquePointer?) {
    Handle.release(model)
}
