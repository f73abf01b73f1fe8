/// The version of the Tactile package and its `tactile` tool: the one place that holds it. `tactile --version`
/// prints it, and a test checks that `CHANGELOG.md`'s newest entry and the README (its version row, and the
/// `from:` its dependency line will take once releases are tagged) name it.
///
/// Semantic versioning from 0.1.0: the major number changes when the public API (the baseline in `.ci/api/`,
/// checked by `.ci/api-check.sh`), the scene format or the JSON log schema (``ReplayLogPrinter/schemaVersion``)
/// changes incompatibly; while it is 0, the minor number does. The minor number changes with additions, the patch
/// number with fixes.
public enum TactileVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let string = "0.4.0"
}
