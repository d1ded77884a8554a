import JSONCodec

/// Reads an Ichnaea geosubmit v2 document (`{"items":[{…},{…}]}`) item by item, from chunks.
///
/// Stumbler apps write these files as one line of many megabytes, and a document decoder needs
/// it whole. This reader keeps only the bytes of the item it is reading: feed chunks with
/// `append(_:)`, take items with `nextItem()` (nil when it needs more input), call `finish()`
/// after the last chunk. It walks the top level with `JSONTokenizer` in chunked mode — a token
/// cut at the chunk's end throws `.unexpectedEndOfInput`, and the reader resumes from the start
/// of the unit it was reading once more bytes arrive — and builds each item with `JSONParser`.
/// Members other than `items` are checked and skipped.
///
/// ```swift
/// var reader = GeosubmitReader()
/// reader.append(Array(#"{"items":[{"position":{"latitude":1,"longitude":2}}]}"#.utf8))
/// reader.finish()
/// let item = try reader.nextItem()   // .object([...]), item 1
/// ```
public struct GeosubmitReader: Sendable {
    /// One item of the `items` array, numbered from 1 (the "line" of its rejections).
    public struct Item: Sendable {
        /// The item's 1-based index in `items`.
        public var number: Int
        /// The item as parsed.
        public var value: JSONValue
    }

    /// An item longer than this is refused, so one broken document cannot make the reader
    /// buffer a whole file.
    public var maximumItemLength: Int

    private enum State: Sendable {
        case start, members(isFirst: Bool), firstItem, nextItem, end
    }

    private var state = State.start
    private var buffer: [UInt8] = []
    private var position = 0
    /// Where `buffer[position]` is in the whole document.
    private var origin = JSONPosition.start
    private var isFinished = false
    private var itemCount = 0
    private var sawItems = false

    /// Creates a reader at the start of a document.
    public init(maximumItemLength: Int = 16 << 20) {
        self.maximumItemLength = maximumItemLength
    }

    /// Adds the next chunk of the document.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        precondition(!isFinished, "append after finish")
        if position > 0 && position >= buffer.count / 2 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of the document.
    public mutating func finish() {
        isFinished = true
    }

    /// The input bytes not yet consumed.
    public var bufferedByteCount: Int { buffer.count - position }

    /// The next item; nil when more input is needed or, after `finish()`, at the document's end.
    /// - Throws: `JSONError` when the document is malformed, is not a geosubmit document, or an
    ///   item outgrows `maximumItemLength`. The reader cannot continue after an error.
    public mutating func nextItem() throws(GeosubmitError) -> Item? {
        if position == 0 && buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // byte-order mark
        while true {
            if case .end = state {
                // Only whitespace may follow the document (RFC 8259 §2).
                if isFinished, buffer[position...].contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                    throw GeosubmitError(reason: JSONError.Reason.trailingContent.description, at: origin)
                }
                return nil
            }
            let step: Step
            do {
                step = try readStep()
            } catch let error as JSONError {
                guard error.reason == .unexpectedEndOfInput && !isFinished else {
                    throw GeosubmitError(reason: error.reason.description, at: error.position)
                }
                if bufferedByteCount > maximumItemLength {
                    throw GeosubmitError(reason: "an item is longer than \(maximumItemLength) bytes", at: origin)
                }
                return nil
            } catch let error as GeosubmitError {
                throw error
            } catch {
                preconditionFailure("unexpected \(error)")
            }
            if let item = step.item { return item }
        }
    }

    private struct Step {
        var item: Item?
    }

    /// Reads one unit of the document (a token sequence ending at a place the reader can stop).
    private mutating func readStep() throws -> Step {
        let start = position
        let origin = self.origin
        let state = self.state
        let finished = isFinished
        let outcome = try buffer.withUnsafeBufferPointer { whole throws(JSONError) -> (State, Int, JSONPosition, JSONValue?) in
            let bytes = UnsafeBufferPointer(rebasing: whole[start...])
            return try JSONTokenizer.withTokenizer(over: bytes, startingAt: origin, isEndOfInput: finished) {
                (tokenizer: inout JSONTokenizer) throws(JSONError) -> (State, Int, JSONPosition, JSONValue?) in
                var item: JSONValue?
                let next: State
                switch state {
                case .start:
                    guard case .beginObject = try tokenizer.next() else {
                        throw tokenizer.unexpectedTokenError(expected: "'{' (a geosubmit document)")
                    }
                    next = .members(isFirst: true)
                case .members(let isFirst):
                    var token = try tokenizer.next()
                    if case .endObject = token {
                        next = .end
                        break
                    }
                    if !isFirst {
                        guard case .valueSeparator = token else { throw tokenizer.unexpectedTokenError(expected: "',' or '}'") }
                        token = try tokenizer.next()
                    }
                    guard case .string(let key) = token else { throw tokenizer.unexpectedTokenError(expected: "a string key") }
                    guard case .nameSeparator = try tokenizer.next() else { throw tokenizer.unexpectedTokenError(expected: "':'") }
                    let value = try tokenizer.next()
                    if key == "items" {
                        guard case .beginArray = value else { throw tokenizer.unexpectedTokenError(expected: "'[' (the items)") }
                        next = .firstItem
                    } else {
                        try tokenizer.skipValue(startingWith: value, depth: 1)
                        next = .members(isFirst: false)
                    }
                case .firstItem, .nextItem:
                    var token = try tokenizer.next()
                    if case .endArray = token {
                        next = .members(isFirst: false)
                        break
                    }
                    if case .nextItem = state {
                        guard case .valueSeparator = token else { throw tokenizer.unexpectedTokenError(expected: "',' or ']'") }
                        token = try tokenizer.next()
                    }
                    let itemStart = tokenizer.tokenPosition
                    try tokenizer.skipValue(startingWith: token, depth: 2)
                    let itemEnd = tokenizer.position
                    let from = itemStart.offset - origin.offset, to = itemEnd.offset - origin.offset
                    do throws(JSONError) {
                        item = try JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[from..<to]))
                    } catch {
                        // Positions in the item's own parse count from the item; report the item's.
                        throw JSONError(error.reason, at: itemStart)
                    }
                    next = .nextItem
                case .end:
                    next = .end
                }
                let end = tokenizer.position
                return (next, end.offset - origin.offset, end, item)
            }
        }
        self.state = outcome.0
        position = start + outcome.1
        self.origin = outcome.2
        if case .firstItem = outcome.0 { sawItems = true }
        if case .end = outcome.0, !sawItems {
            throw GeosubmitError(reason: "not a geosubmit document: no \"items\" member", at: outcome.2)
        }
        guard let value = outcome.3 else { return Step(item: nil) }
        itemCount += 1
        return Step(item: Item(number: itemCount, value: value))
    }
}

/// Why a geosubmit document cannot be read on: malformed JSON, or not the geosubmit shape.
public struct GeosubmitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A one-line reason, e.g. `unexpected end of input`.
    public var reason: String
    /// Where in the document.
    public var position: JSONPosition

    /// Creates an error.
    public init(reason: String, at position: JSONPosition) {
        self.reason = reason
        self.position = position
    }

    public var description: String { "\(reason) at \(position)" }
}
