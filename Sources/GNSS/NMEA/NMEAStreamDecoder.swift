/// Splits raw bytes from a serial port or file into NMEA sentences, counting what it skips.
///
/// Pure and incremental: feed it whatever `read(2)` returned, in any chunking; a sentence split
/// across two reads is joined. Lines that are not NMEA text (comments, AIS, binary protocol
/// frames, noise) and sentences that fail their checksum are counted in `statistics` and
/// skipped, never thrown.
public struct NMEAStreamDecoder: Sendable {
    /// What the decoder has seen so far.
    public private(set) var statistics = NMEAStatistics()
    private var pending: [UInt8] = []
    private var discardingLongLine = false

    /// Creates an empty decoder / zero counts.
    public init() {}

    /// Adds bytes and returns the sentences completed by them.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [NMEASentence] {
        var sentences: [NMEASentence] = []
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D {
                if let sentence = endLine() { sentences.append(sentence) }
            } else if pending.count < NMEASentence.maximumLength {
                pending.append(byte)
            } else {
                discardingLongLine = true
            }
        }
        return sentences
    }

    /// Ends the input: decodes a last line that had no line terminator.
    public mutating func finish() -> [NMEASentence] {
        endLine().map { [$0] } ?? []
    }

    private mutating func endLine() -> NMEASentence? {
        defer {
            pending.removeAll(keepingCapacity: true)
            discardingLongLine = false
        }
        if discardingLongLine {
            statistics.skippedLines += 1
            return nil
        }
        guard !pending.isEmpty else { return nil }
        // gpsd's regression logs and many loggers put `#` comments before the data.
        if pending.first == UInt8(ascii: "#") {
            statistics.skippedLines += 1
            return nil
        }
        do {
            let sentence = try NMEASentence.parse(bytes: pending)
            statistics.sentences += 1
            if !sentence.hasChecksum { statistics.withoutChecksum += 1 }
            return sentence
        } catch {
            switch error {
            case .notNMEA, .binary: statistics.skippedLines += 1
            case .checksumMismatch: statistics.checksumFailures += 1
            case .malformedAddress, .malformedField: statistics.malformed += 1
            }
            return nil
        }
    }
}

/// Counts of what an NMEA input contained.
public struct NMEAStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Sentences parsed (with a good or absent checksum).
    public var sentences = 0
    /// Of those, sentences that carried no checksum.
    public var withoutChecksum = 0
    /// Sentences dropped because their checksum did not match.
    public var checksumFailures = 0
    /// Sentences dropped because a field or the address was malformed.
    public var malformed = 0
    /// Lines that were not NMEA at all: comments, AIS, binary data, over-long lines.
    public var skippedLines = 0

    /// Creates an empty decoder / zero counts.
    public init() {}

    public var description: String {
        "\(sentences) sentences (\(withoutChecksum) without checksum), \(checksumFailures) bad checksums, "
            + "\(malformed) malformed, \(skippedLines) other lines skipped"
    }
}
