import Explanations
import Foundation

/// Elaro's content files in the module's resources (`Sources/Elaro/Content`): the action library
/// `actions.json` and its JSON Schema `actions.schema.json`, found like the phrase books
/// (`ModuleResources`: the `ODML_RESOURCES` folder, beside the binary, then `Bundle.module`).
enum ElaroContent {
    /// The bytes of `Content/<name>.json`.
    /// - Throws: `ElaroError.fileAccess` saying where to put the file when it is missing, or why it
    ///   could not be read.
    static func data(_ name: String) throws(ElaroError) -> Data {
        guard let url = ModuleResources.url(forResource: name, withExtension: "json", subdirectory: "Content",
                                            bundleName: "OnDeviceML_Elaro", fallback: { .module }) else {
            throw ElaroError.fileAccess(path: "OnDeviceML_Elaro.resources/Content/\(name).json",
                                        detail: "missing; ship the OnDeviceML_Elaro.resources folder beside the binary or library "
                                            + "that links Elaro, or set \(ModuleResources.environmentVariable) to the folder holding it")
        }
        do { return try Data(contentsOf: url) } catch {
            throw ElaroError.fileAccess(path: url.path, detail: "cannot read Elaro's bundled content (\(error.localizedDescription))")
        }
    }
}
