#if canImport(Glibc)
import Glibc
#endif

/// Counts heap allocations through the LD_PRELOAD counter in `Benchmarks/malloc-counter/`.
///
/// Without the preload (or off glibc) `isAvailable` is false and no allocation figures are
/// reported: an absent number, never a guessed zero.
enum AllocationCounter {
    private typealias CountFunction = @convention(c) () -> UInt64

    private static let countFunction: CountFunction? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "odml_allocation_count") else { return nil }
        return unsafeBitCast(symbol, to: CountFunction.self)
        #else
        return nil
        #endif
    }()

    /// Whether allocation counts can be measured in this process.
    static var isAvailable: Bool { countFunction != nil }

    /// Mean allocations per call of `body` over `calls` calls (after one unmeasured call), or `nil`.
    static func allocationsPerCall(calls: Int = 200, _ body: () -> Void) -> Double? {
        guard let countFunction else { return nil }
        body()
        let before = countFunction()
        for _ in 0..<calls { body() }
        return Double(countFunction() - before) / Double(calls)
    }
}
