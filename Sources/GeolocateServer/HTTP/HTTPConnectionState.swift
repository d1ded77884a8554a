/// What one connection has received and what to do next: splits the byte stream into
/// requests (keep-alive, pipelining) without doing any I/O, so the rules are testable alone.
///
/// ```swift
/// var state = HTTPConnectionState()
/// state.receive(bytes)
/// while case .request(let head, let body) = state.next() { … }
/// ```
public struct HTTPConnectionState: Sendable {
    /// What the buffered bytes hold next.
    public enum Event: Hashable, Sendable {
        /// Nothing complete yet; read more.
        case needMore
        /// A complete request.
        case request(HTTPRequestHead, body: [UInt8])
        /// The client is waiting for `100 Continue` before sending this request's body.
        case sendContinue
        /// An unreadable request: answer with the error's status and close.
        case failure(HTTPParseError)
    }

    /// Limits for heads and bodies.
    public let limits: HTTPRequestHeadParser.Limits
    private var buffer: [UInt8] = []
    private var pendingHead: (head: HTTPRequestHead, headLength: Int, bodyLength: Int)?
    private var continueSent = false

    /// Creates an empty state.
    public init(limits: HTTPRequestHeadParser.Limits = .init()) {
        self.limits = limits
    }

    /// Whether part of a request has been received and not yet answered.
    public var hasPartialRequest: Bool { !buffer.isEmpty }

    /// Appends received bytes.
    public mutating func receive(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Appends received bytes from raw memory.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// The next event; a `.request` is consumed from the buffer.
    public mutating func next() -> Event {
        if pendingHead == nil {
            do {
                switch try HTTPRequestHeadParser.parse(buffer, limits: limits) {
                case .incomplete:
                    return .needMore
                case .complete(let head, let headLength, let bodyLength):
                    pendingHead = (head, headLength, bodyLength)
                    continueSent = false
                }
            } catch {
                return .failure(error)
            }
        }
        let (head, headLength, bodyLength) = pendingHead!
        if bodyLength == HTTPRequestHeadParser.chunkedBody {
            do {
                guard let (body, end) = try HTTPChunkedBody.decode(buffer, from: headLength, limits: limits) else {
                    return continueOrMore(head)
                }
                buffer.removeFirst(end)
                pendingHead = nil
                return .request(head, body: body)
            } catch {
                return .failure(error)
            }
        }
        guard buffer.count >= headLength + bodyLength else {
            return continueOrMore(head)
        }
        let body = Array(buffer[headLength..<(headLength + bodyLength)])
        buffer.removeFirst(headLength + bodyLength)
        pendingHead = nil
        return .request(head, body: body)
    }

    /// `.sendContinue` the first time a client that asked for it waits for its body, else `.needMore`.
    private mutating func continueOrMore(_ head: HTTPRequestHead) -> Event {
        if head.expectsContinue && !continueSent && head.minorVersion >= 1 {
            continueSent = true
            return .sendContinue
        }
        return .needMore
    }
}
