import Explanations
import TensorCore

extension ParentState {
    /// Today's recommendation for this parent from `library` (`odml elaro recommend`, the C API's
    /// `odml_elaro_recommend`): her history replayed into signals and a learner, then
    /// `DailyRecommender` with its default weights, its exploration layer drawn from `seed`
    /// mixed with `today` (the same state and seed give the same picks).
    /// - Throws: `ElaroError.invalidValue` naming a history entry the library does not know.
    public func recommendation(library: ActionLibrary, language: Language, seed: UInt64) throws -> Recommendation {
        let (signals, learner) = try replay(library: library)
        var generator = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: today))
        return DailyRecommender(library: library).recommend(context: context, signals: signals, learner: learner,
                                                            language: language, using: &generator)
    }
}
