import Foundation
import ShifAIRuntime

// The loop inside the app's database (`odml.h`, "The loop inside the app's database").

#if SQLite
/// The database handle behind `pointer`.
private func databaseHandle(_ pointer: OpaquePointer?) throws -> DatabaseHandle {
    try Handle.object(pointer, as: DatabaseHandle.self, "database")
}
#else
/// The failure of every database entry point in a build without SQLite.
private let sqliteUnavailable = CFailure(.unsupported, "the app's database needs the package trait SQLite, off in this build")
#endif

/// `odml_database_open`.
@_cdecl("odml_database_open")
public func odml_database_open(_ path: UnsafePointer<CChar>?, _ outDatabase: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outDatabase, "out_database")
        let path = try CCall.string(path, "path")
        #if SQLite
        guard FileManager.default.fileExists(atPath: path) else { throw CFailure(.notFound, "\(path): no such file") }
        out.pointee = DatabaseHandle(try AppDatabase.open(path: path), path: path).retained()
        #else
        _ = (out, path)
        throw sqliteUnavailable
        #endif
    }
}

/// `odml_database_free`.
@_cdecl("odml_database_free")
public func odml_database_free(_ database: OpaquePointer?) {
    Handle.release(database)
}

/// `odml_database_history`.
@_cdecl("odml_database_history")
public func odml_database_history(_ database: OpaquePointer?, _ outHistory: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outHistory, "out_history")
        #if SQLite
        let handle = try databaseHandle(database)
        out.pointee = HistoryHandle(try handle.serialized { try handle.database.history() }).retained()
        #else
        _ = (out, database)
        throw sqliteUnavailable
        #endif
    }
}

/// `odml_database_active_model`.
@_cdecl("odml_database_active_model")
public func odml_database_active_model(_ database: OpaquePointer?, _ password: UnsafePointer<CChar>?,
                                       _ outModel: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outModel, "out_model")
        let password = try CCall.optionalString(password, "password")
        #if SQLite
        let handle = try databaseHandle(database)
        out.pointee = ModelHandle(try handle.serialized { try CycleModel.active(in: handle.database, password: password) }).retained()
        #else
        _ = (out, database, password)
        throw sqliteUnavailable
        #endif
    }
}

/// `odml_database_predict`.
@_cdecl("odml_database_predict")
public func odml_database_predict(_ database: OpaquePointer?, _ model: OpaquePointer?, _ date: UnsafePointer<CChar>?,
                                  _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        let day = try CCall.day(date)
        #if SQLite
        let handle = try databaseHandle(database)
        let explicit = try model.map { try Handle.object($0, as: ModelHandle.self, "model").model }
        let report = try handle.serialized {
            let model = try explicit ?? CycleModel.active(in: handle.database, password: nil)
            let loop = OnDeviceLoop(database: handle.database, model: model, generator: try CyclePhrases.shared)
            return DayWriteReport(outcome: try loop.predict(at: CalendarDay.moment(of: day)), model: model, path: handle.path)
        }
        try CCall.give(try ReportJSON.pretty(report), to: out)
        #else
        _ = (out, day, database, model)
        throw sqliteUnavailable
        #endif
    }
}

/// `odml_database_reconcile`.
@_cdecl("odml_database_reconcile")
public func odml_database_reconcile(_ database: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        #if SQLite
        let handle = try databaseHandle(database)
        try CCall.give(try ReportJSON.pretty(try handle.serialized { try handle.database.reconcile() }), to: out)
        #else
        _ = (out, database)
        throw sqliteUnavailable
        #endif
    }
}

/// `odml_database_fine_tune`.
@_cdecl("odml_database_fine_tune")
public func odml_database_fine_tune(_ database: OpaquePointer?, _ base: OpaquePointer?, _ strategies: UnsafePointer<CChar>?,
                                    _ modelsDirectory: UnsafePointer<CChar>?, _ password: UnsafePointer<CChar>?,
                                    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        let names = try CCall.optionalString(strategies, "strategies").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        } ?? Personalizer.defaultStrategyNames
        let tuners = try names.map { name -> any FineTuner in
            guard let tuner = Personalizer.tuner(named: name) else {
                throw CFailure(.invalidArgument, "strategies: unknown strategy \"\(name)\", expected a comma-separated list of "
                               + Personalizer.strategyNames.joined(separator: ", "))
            }
            return tuner
        }
        let directory = try CCall.optionalString(modelsDirectory, "models_directory")
        let password = try CCall.optionalString(password, "password")
        #if SQLite
        let handle = try databaseHandle(database)
        let explicit = try base.map { try Handle.object($0, as: ModelHandle.self, "base").model }
        let summary = try handle.serialized {
            let history = try handle.database.history()
            let baseModel: CycleModel
            if let explicit {
                baseModel = explicit
            } else {
                guard let recorded = try handle.database.activeModelEntry()?.baseModel else {
                    throw CFailure(.invalidArgument, "base: NULL, and \(handle.path) records no model yet (odml_model_log is empty); pass one")
                }
                baseModel = try CycleModel.load(recorded, password: password)
            }
            let folder = URL(fileURLWithPath: directory ?? URL(fileURLWithPath: handle.path).deletingPathExtension().path + ".models")
            let loop = OnDeviceLoop(database: handle.database, model: baseModel, generator: try CyclePhrases.shared)
            let result = try loop.fineTune(base: baseModel, personalizer: Personalizer(tuners: tuners), modelDirectory: folder,
                                           password: password, at: Date())
            return FineTuneSummary(result, user: history.userID, encrypted: password != nil)
        }
        try CCall.give(try ReportJSON.pretty(summary), to: out)
        #else
        _ = (out, tuners, directory, password, database, base)
        throw sqliteUnavailable
        #endif
    }
}
