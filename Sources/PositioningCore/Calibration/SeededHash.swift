/// A reproducible, seed-dependent, well-mixed hash of a number: SplitMix64's finalizer. Deals
/// scans, tracks and fingerprints into folds and samples so that the same seed deals them the
/// same way on every run.
///
/// ```swift
/// let fold = SeededHash.mix(UInt64(bitPattern: track), seed: 1) % 5
/// ```
public enum SeededHash {
    /// `value` mixed with `seed`.
    public static func mix(_ value: UInt64, seed: UInt64) -> UInt64 {
        var z = seed &+ value &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
