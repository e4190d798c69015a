import Cycles
import Dispatch

/// A pointer that may cross threads; each worker writes only its own slots.
struct _SlotPointer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}

/// `(0..<count).map(transform)` computed on all cores; the result order is the index order,
/// so the output is deterministic whatever the scheduling.
package func _parallelMap<Element>(_ count: Int, _ transform: @Sendable (Int) -> Element) -> [Element] {
    guard count > 0 else { return [] }
    let slots = _SlotPointer(base: UnsafeMutablePointer<Element>.allocate(capacity: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        (slots.base + index).initialize(to: transform(index))
    }
    let result = Array(UnsafeBufferPointer(start: slots.base, count: count))
    slots.base.deinitialize(count: count)
    slots.base.deallocate()
    return result
}
