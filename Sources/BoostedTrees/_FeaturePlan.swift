import Dispatch

/// The features a tree may split on, with their flat histogram bins, dealt to tasks in fixed
/// contiguous chunks (task `t` of `n` gets features `count * t / n ..< count * (t + 1) / n`), so
/// that every bin is owned by exactly one task whatever the thread count.
///
/// Storage is manually allocated so that tasks on other threads can read it through plain
/// pointers while the plan is alive.
final class _FeaturePlan: @unchecked Sendable {
    /// Number of features.
    let count: Int
    /// Tasks used when the work is large enough (the thread count).
    let taskCount: Int
    let columns: UnsafeMutablePointer<Int>
    let starts: UnsafeMutablePointer<Int>
    let ends: UnsafeMutablePointer<Int>
    /// `d` when the features are consecutive columns whose histograms start `d` bins apart.
    let uniformStride: Int?

    /// A plan for `features` (indices into the dataset's columns) whose bins are
    /// `featureStarts[f] ..< featureEnds[f]` (indexed by column).
    init(features: [Int], featureStarts: ArraySlice<Int>, featureEnds: ArraySlice<Int>, taskCount: Int) {
        count = features.count
        self.taskCount = max(1, min(taskCount, features.count))
        columns = .allocate(capacity: max(1, count))
        starts = .allocate(capacity: max(1, count))
        ends = .allocate(capacity: max(1, count))
        for (k, feature) in features.enumerated() {
            columns[k] = feature
            starts[k] = featureStarts[featureStarts.startIndex + feature]
            ends[k] = featureEnds[featureEnds.startIndex + feature]
        }
        let stride = count > 1 ? starts[1] - starts[0] : 0
        var isUniform = true
        for k in 0..<count where columns[k] != columns[0] + k || starts[k] != starts[0] + k * stride { isUniform = false }
        uniformStride = isUniform ? stride : nil
    }

    /// A plan for `features` of a histogram with flat `offsets` (`featureCount + 1` entries).
    convenience init(features: [Int], offsets: [Int], taskCount: Int) {
        self.init(features: features, featureStarts: offsets.dropLast(), featureEnds: offsets.dropFirst(), taskCount: taskCount)
    }

    deinit {
        columns.deallocate()
        starts.deallocate()
        ends.deallocate()
    }

    /// The features of `task` when the work is split into `tasks` tasks.
    func features(of task: Int, in tasks: Int? = nil) -> _FeatureSlice {
        let tasks = tasks ?? taskCount
        let lower = count * task / tasks, upper = count * (task + 1) / tasks
        return _FeatureSlice(count: upper - lower, columns: columns + lower, starts: starts + lower, ends: ends + lower,
                             uniformStride: uniformStride)
    }

    /// Runs `body(task)` for `task` in `0..<taskCount`, concurrently when `taskCount > 1`.
    /// Callers guarantee that tasks write disjoint memory (their own features' bins and result
    /// slots) and only read what no task writes.
    static func perform(taskCount: Int, _ body: (Int) -> Void) {
        guard taskCount > 1 else { return body(0) }
        withoutActuallyEscaping(body) { body in
            let task = _UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: taskCount) { task.value($0) }
        }
    }
}

/// A contiguous run of a `_FeaturePlan`'s features: dataset column, first and past-the-end flat bin.
struct _FeatureSlice {
    let count: Int
    let columns: UnsafePointer<Int>
    let starts: UnsafePointer<Int>
    let ends: UnsafePointer<Int>
    /// `d` when the features are consecutive columns whose histograms start `d` bins apart.
    let uniformStride: Int?

    init(count: Int, columns: UnsafeMutablePointer<Int>, starts: UnsafeMutablePointer<Int>, ends: UnsafeMutablePointer<Int>,
         uniformStride: Int?) {
        self.count = count
        self.columns = UnsafePointer(columns)
        self.starts = UnsafePointer(starts)
        self.ends = UnsafePointer(ends)
        self.uniformStride = uniformStride
    }
}

/// A value handed to `concurrentPerform` tasks under the contract stated by `_FeaturePlan.perform`.
struct _UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
