/// A predictor that answers from forecasts computed once by another model, `base`: what a
/// fine-tuner unwraps to reach the model it tunes (the lab's evaluation caches every day's forecast).
package protocol CachedPredictor: CyclePredictor {
    /// The model the cached forecasts come from.
    var base: any CyclePredictor { get }
}
