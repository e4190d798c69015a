import Foundation

/// The summarized models before any cycle of the women a process has seen, by built-in prior and
/// age (`CycleLengthModel.init(profile:)`): summarizing a model that has seen nothing
/// weighs every grid point, the costliest summary of all, and a forecast from her history starts
/// with one. Holds at most `capacity` models (about 3 KB each: they share their prior's grid of
/// zeros); past that, models are computed and not kept.
final class _UnseenCycleLengthModels: @unchecked Sendable {
    /// Models kept at most.
    static let capacity = 256

    private struct Key: Hashable {
        var declaredIrregular: Bool
        var age: Double?
    }

    private let lock = NSLock()
    private var models: [Key: CycleLengthModel] = [:]

    /// The model before any cycle on `prior` (one of the built-in priors) at `age`, kept from
    /// its first use.
    func model(prior: CycleLengthPrior, age: Double?) -> CycleLengthModel {
        let key = Key(declaredIrregular: prior == .declaredIrregular, age: age)
        lock.lock()
        if let model = models[key] {
            lock.unlock()
            return model
        }
        lock.unlock()
        let model = CycleLengthModel(prior: prior, age: age)
        lock.lock()
        if models.count < Self.capacity { models[key] = model }
        lock.unlock()
        return model
    }
}
