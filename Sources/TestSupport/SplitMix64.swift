/// SplitMix64: a small seeded random number generator, so tests draw the same values on every
/// run and a failure can be replayed.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let bssid = UInt64.random(in: 0...400, using: &random)
/// let share = random.unit()   // in [0, 1)
/// ```
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in [0, 1) from the next 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
