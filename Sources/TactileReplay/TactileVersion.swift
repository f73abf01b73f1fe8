/// The version of the Tactile package and its `tactile` tool (`tactile --version`).
///
/// Semantic versioning: the major number changes when the public API, the scene format or the JSON log schema
/// (``ReplayLogPrinter/schemaVersion``) changes incompatibly.
public enum TactileVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let string = "0.9.0"
}
