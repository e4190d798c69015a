import ShifAIRuntime

// Forecasts (`odml.h`, "Forecasts").

/// The forecast of `model` for `history` on `date` in `language` (the arguments of
/// `odml_predict` and `odml_explain`).
private func forecast(_ model: OpaquePointer?, _ history: OpaquePointer?, _ date: UnsafePointer<CChar>?,
                      _ language: UnsafePointer<CChar>?) throws -> DayForecast {
    let model = try Handle.object(model, as: ModelHandle.self, "model").model
    let history = try Handle.object(history, as: HistoryHandle.self, "history").history
    let day = try CCall.day(date) ?? .today
    let language = try CCall.language(language, default: .fr)
    return try DayForecast(predictor: model.predictor, history: history, day: day, language: language)
}

/// `odml_predict`.
@_cdecl("odml_predict")
public func odml_predict(_ model: OpaquePointer?, _ history: OpaquePointer?, _ date: UnsafePointer<CChar>?,
                         _ language: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        try CCall.give(try ReportJSON.pretty(try forecast(model, history, date, language).report()), to: out)
    }
}

/// `odml_explain`.
@_cdecl("odml_explain")
public func odml_explain(_ model: OpaquePointer?, _ history: OpaquePointer?, _ date: UnsafePointer<CChar>?,
                         _ language: UnsafePointer<CChar>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    CCall.run {
        let out = try CCall.output(outJSON, "out_json")
        try CCall.give(try ReportJSON.pretty(try forecast(model, history, date, language).explanation()), to: out)
    }
}
