import Foundation

/// A small seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014): the same seed gives the
/// same numbers on every platform and Swift version, which the standard library's generator does not promise.
///
/// The synthesizer draws every random choice from one of these, so a trace is a pure function of its gesture,
/// device, options and seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in `0..<1` with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform number in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A normally distributed number (Box–Muller), mean 0 and standard deviation `sigma`.
    public mutating func gaussian(sigma: Double = 1) -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
