/// StudyRecorder's version: written into every stored file (provenance, recording metadata), the
/// exported datasets and reports, and printed by `--version`. Storage holds it because it is the
/// lowest module that writes it.
public enum ProductVersion {
    /// The version string, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
