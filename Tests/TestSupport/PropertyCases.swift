import Foundation

/// How many cases each property test runs: its usual count times `TACTILE_PROPERTY_SCALE` (default 1).
///
/// Every case draws a new random seed (swift-property-based seeds each case from the system's generator), so each
/// run tries new inputs; a failure prints its seed (`.fixedSeed("…")`). Keep such a seed in the property's list of
/// regression seeds (they run on every `swift test`) rather than committing `.fixedSeed`. `.ci/run` runs the
/// test targets that use it a second time with `TACTILE_PROPERTY_SCALE=10` (the longer job).
public enum PropertyCases {
    /// The multiplier from `TACTILE_PROPERTY_SCALE`: a positive integer, 1 when unset; anything else stops the run
    /// with a message (a typo must not silently run the short job).
    public static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["TACTILE_PROPERTY_SCALE"], !text.isEmpty else { return 1 }
        guard let value = Int(text), value > 0 else {
            fatalError("TACTILE_PROPERTY_SCALE=\(text): expected a positive integer (the multiplier of every property's case count)")
        }
        print("note: property tests run \(value)× their usual number of cases (TACTILE_PROPERTY_SCALE=\(value))")
        return value
    }()

    /// `base` cases times ``scale``.
    public static func count(_ base: Int) -> Int { base * scale }
}
