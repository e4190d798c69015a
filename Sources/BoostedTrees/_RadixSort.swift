/// Least-significant-digit radix sort of `Float` values (three passes over 11-bit digits).
enum _RadixSort {
    /// `values` (no `NaN`) in ascending order; equal values, `-0` and `+0` included, keep their
    /// order, as in the standard library's (stable) `sort()`.
    static func sorted(_ values: [Float]) -> [Float] {
        let count = values.count
        guard count > 1 else { return values }
        // Each element: order-preserving key in the high half, the value's bits in the low half.
        var current = [UInt64](repeating: 0, count: count)
        var next = current
        for i in 0..<count {
            let x = values[i], bits = x.bitPattern
            let key: UInt32 = x == 0 ? 0x8000_0000 : (bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000)
            current[i] = UInt64(key) << 32 | UInt64(bits)
        }
        var buckets = [Int](repeating: 0, count: 2048)
        for shift in [32, 43, 54] {
            current.withUnsafeBufferPointer { source in
                next.withUnsafeMutableBufferPointer { destination in
                    buckets.withUnsafeMutableBufferPointer { buckets in
                        buckets.update(repeating: 0)
                        for element in source { buckets[Int((element >> UInt64(shift)) & 2047)] += 1 }
                        var total = 0
                        for digit in 0..<2048 { let n = buckets[digit]; buckets[digit] = total; total += n }
                        for element in source {
                            let digit = Int((element >> UInt64(shift)) & 2047)
                            destination[buckets[digit]] = element
                            buckets[digit] += 1
                        }
                    }
                }
            }
            swap(&current, &next)
        }
        return current.map { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) }
    }
}
