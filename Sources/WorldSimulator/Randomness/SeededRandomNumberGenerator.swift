import Foundation

/// A fast, seedable pseudo-random number generator (xoshiro256**, seeded through SplitMix64).
///
/// Every random choice the simulator makes comes from one of these, never from `random()` or
/// `SystemRandomNumberGenerator`, so the same seed always builds the same town, byte for byte,
/// on every machine. The helpers (`nextDouble`, `nextInt(below:)`, `nextGaussian`) are written
/// here rather than taken from the standard library's `random(in:using:)`, whose algorithm is
/// not promised to stay the same across Swift releases.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 42)
/// let roll = random.nextInt(below: 6) + 1     // the same on every run
/// let noise = random.nextGaussian() * 3.0     // N(0, 3²)
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        state = (
            SeededRandomNumberGenerator.splitMix64(&splitMix),
            SeededRandomNumberGenerator.splitMix64(&splitMix),
            SeededRandomNumberGenerator.splitMix64(&splitMix),
            SeededRandomNumberGenerator.splitMix64(&splitMix)
        )
    }

    /// Creates an independent generator for one purpose (`stream`) of one seed, so adding a
    /// random draw in one part of the simulation does not shift every other part.
    public init(seed: UInt64, stream: UInt64) {
        self.init(seed: SeededRandomNumberGenerator.mix(seed, stream))
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform double in 0..<1 (53 random bits).
    public mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `range`.
    public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextDouble()
    }

    /// A uniform integer in 0..<`bound` (Lemire's multiply-shift; the tiny bias is irrelevant here).
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + nextInt(below: range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `probability`.
    public mutating func nextBool(probability: Double) -> Bool {
        nextDouble() < probability
    }

    /// A standard normal deviate (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = max(nextDouble(), 0x1.0p-53)
        let u2 = nextDouble()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// One element of a non-empty array, chosen uniformly.
    public mutating func element<T>(of array: [T]) -> T {
        array[nextInt(below: array.count)]
    }

    /// One step of SplitMix64: advances `state` and returns a well-mixed 64-bit value.
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A stateless hash of several values, for quantities that must be the same whenever they
    /// are asked for (e.g. an access point's shadowing in one patch of street).
    static func mix(_ values: UInt64...) -> UInt64 {
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        var result: UInt64 = 0
        for value in values {
            state ^= value
            result = splitMix64(&state)
            state = result
        }
        return result
    }

    /// A standard normal deviate determined entirely by `key` (the same key, the same value).
    static func gaussian(forKey key: UInt64) -> Double {
        var generator = SeededRandomNumberGenerator(seed: key)
        return generator.nextGaussian()
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
