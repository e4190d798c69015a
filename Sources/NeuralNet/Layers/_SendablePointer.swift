/// A raw pointer that may cross into `concurrentPerform` tasks that touch disjoint ranges.
struct _SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
