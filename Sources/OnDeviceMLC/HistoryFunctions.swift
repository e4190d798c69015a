import Foundation
import ShifAIRuntime

// Histories (`odml.h`, "Histories").

/// `odml_history_from_json`.
@_cdecl("odml_history_from_json")
public func odml_history_from_json(_ json: UnsafePointer<CChar>?, _ outHistory: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outHistory, "out_history")
        guard let json else { throw CFailure(.invalidArgument, "json: NULL, expected a history JSON document") }
        let data = Data(bytes: json, count: strlen(json))
        out.pointee = HistoryHandle(try UserHistory(json: data)).retained()
    }
}

/// `odml_history_load`.
@_cdecl("odml_history_load")
public func odml_history_load(_ path: UnsafePointer<CChar>?, _ userID: UnsafePointer<CChar>?,
                              _ outHistory: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outHistory, "out_history")
        let path = try CCall.string(path, "path")
        let user = try CCall.optionalString(userID, "user_id")
        guard FileManager.default.fileExists(atPath: path) else {
            throw CFailure(.notFound, "\(path): no such file or folder (expected a dataset directory or an SQLite file)")
        }
        let dataset = try CycleDataset.load(path: path)
        let history: UserHistory
        if let user {
            guard let found = dataset.users.first(where: { $0.userID == user }) else {
                throw CFailure(.notFound, "user_id: no user \"\(user)\" in \(path) (\(dataset.users.count) users)")
            }
            history = found
        } else {
            guard dataset.users.count == 1 else {
                throw CFailure(.invalidArgument, "user_id: NULL, but \(path) holds \(dataset.users.count) users; name one")
            }
            history = dataset.users[0]
        }
        out.pointee = HistoryHandle(history).retained()
    }
}

/// `odml_history_describe`.
@_cdecl("odml_history_describe")
public func odml_history_describe(_ history: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        let handle = try Handle.object(history, as: HistoryHandle.self, "history")
        try CCall.give(try ReportJSON.pretty(HistoryDescription(handle.history)), to: out)
    }
}

/// `odml_history_free`.
@_cdecl("odml_history_free")
public func odml_history_free(_ history: OpaquePointer?) {
    Handle.release(history)
}
