/// The package's version, written into model files and printed by `odml --version`.
public enum OnDeviceMLVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
