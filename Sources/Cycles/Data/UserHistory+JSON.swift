import Foundation

extension UserHistory {
    /// Reads one user's history from a JSON document (the C API's `odml_history_from_json`; the
    /// format is in `docs/data-formats.md`, "A history as one JSON document"):
    ///
    /// ```json
    /// {"profile": {"id": "u1", "created_at": "2024-01-01", "cycle_type": "irregular",
    ///              "conditions": ["sopk"], "onboarding_completed": true,
    ///              "preferences": {"age": 31, "language": "fr"}},
    ///  "days": [{"date": "2024-01-03", "flow_intensity": 3, "symptoms": {"pain": 6, "mood": 4},
    ///            "body_zone": "uterus", "pain_type": "cramping"}],
    ///  "measurements": [{"date": "2024-01-15", "kind": "bbt", "value": 36.55,
    ///                    "source": "manual", "disturbed": false}]}
    /// ```
    ///
    /// The keys and values are the dataset tables' columns (`user_profile`, `cycle_entries` with
    /// `symptom_logs`, `measurements`), checked by the same rules as a dataset directory, so a
    /// history reads the same from either. Days and measurements may come in any order; one day
    /// per date, one measurement per date and kind.
    /// - Parameters:
    ///   - data: the UTF-8 JSON document.
    ///   - source: what errors call the document.
    /// - Throws: `DatasetError.invalidJSON` naming the path of the bad value (`days[3].flow_intensity`)
    ///   and what was expected.
    public init(json data: Data, source: String = "history JSON") throws {
        let document: _HistoryDocument
        do {
            document = try JSONDecoder().decode(_HistoryDocument.self, from: data)
        } catch let error as DecodingError {
            throw DatasetError.invalidJSON(source: source, path: _HistoryDocument.path(of: error), reason: _HistoryDocument.reason(of: error))
        }
        self = try document.history(source: source)
    }
}
