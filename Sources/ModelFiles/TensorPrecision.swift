/// How tensor payloads are stored in a file. In memory, tensors are always fp32.
public enum TensorPrecision: String, Sendable, Codable, CaseIterable {
    /// IEEE-754 binary32, little-endian: lossless.
    case fp32
    /// IEEE-754 binary16, little-endian, rounded to nearest even: relative error at most 2⁻¹¹
    /// for normal values; finite values beyond ±65504 are refused.
    case fp16
    /// Signed 8-bit with a per-tensor affine map `x ≈ (q − zeroPoint) · scale`: absolute error
    /// at most `scale / 2`, with `scale ≈ (max(x, 0) − min(x, 0)) / 255`; non-finite values are refused.
    case int8

    /// Bytes per stored element.
    package var byteWidth: Int {
        switch self {
        case .fp32: 4
        case .fp16: 2
        case .int8: 1
        }
    }
}
