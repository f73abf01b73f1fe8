import PropertyBased
import Testing

/// Runs `body` on the value `input` generates from `seed` — a seed that swift-property-based printed for a failure
/// (`.fixedSeed("…")`). Regression seeds are the arguments of a parameterized test, so a failure names its seed;
/// they run on every `swift test`, whatever the random cases of the day.
func replaySeed<Input, Value>(
    _ seed: String, input: Generator<Value, some Sequence<Input>>, sourceLocation: SourceLocation = #_sourceLocation,
    perform body: (Value) async throws -> Void
) async rethrows {
    guard var generator = Xoshiro(seed: seed) else {
        Issue.record("\(seed) is not a seed (a base-64 string as printed by .fixedSeed)", sourceLocation: sourceLocation)
        return
    }
    try await body(input.run(using: &generator))
}
