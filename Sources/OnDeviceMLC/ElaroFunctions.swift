import ElaroRuntime
import Foundation

// Elaro (`odml.h`, "Elaro").

/// `odml_elaro_recommend`.
@_cdecl("odml_elaro_recommend")
public func odml_elaro_recommend(_ parentStateJSON: UnsafePointer<CChar>?, _ libraryJSON: UnsafePointer<CChar>?,
                                 _ language: UnsafePointer<CChar>?, _ seed: UInt64,
                                 _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        guard let parentStateJSON else { throw CFailure(.invalidArgument, "parent_state_json: NULL, expected a parent state JSON object") }
        let parent = try ParentState.decode(Data(bytes: parentStateJSON, count: strlen(parentStateJSON)), source: "parent_state_json")
        let library = try libraryJSON.map { try ActionLibrary.decode(Data(bytes: $0, count: strlen($0)), source: "library_json") }
            ?? ActionLibrary.bundled()
        let language = try CCall.language(language, default: .en)
        try CCall.give(try ReportJSON.pretty(try parent.recommendation(library: library, language: language, seed: seed)), to: out)
    }
}
