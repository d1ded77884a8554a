import Foundation
import SystemSupport

/// One accepted connection as a worker sees it: the socket, the request state, the output
/// not yet written, and when it last made progress. Closed in `deinit`.
final class ClientConnection {
    let descriptor: Int32
    let peer: String
    /// The peer's address without its port (`127.0.0.1`, `[::1]`): one client across its
    /// connections.
    var peerHost: String { peer.lastIndex(of: ":").map { String(peer[..<$0]) } ?? peer }
    var state: HTTPConnectionState
    var output: [UInt8] = []
    var outputOffset = 0
    /// Close once the output is written (an error, `Connection: close`, HTTP/1.0).
    var closesAfterOutput = false
    /// The peer sent EOF: answer what arrived, then close.
    var peerClosed = false
    /// Output written and our side shut down; reading and discarding until EOF or the deadline,
    /// so unread request bytes do not make the kernel reset the connection before the client
    /// has read our answer.
    var drainingUntil: MonotonicInstant?
    /// When the request being received started (the read timeout runs from here).
    var requestStarted: MonotonicInstant?
    var lastActivity: MonotonicInstant

    init(descriptor: Int32, peer: String, limits: HTTPRequestHeadParser.Limits, now: MonotonicInstant) {
        self.descriptor = descriptor
        self.peer = peer
        state = HTTPConnectionState(limits: limits)
        lastActivity = now
    }

    deinit { close(descriptor) }

    var hasPendingOutput: Bool { outputOffset < output.count }

    /// Appends a response (or interim bytes) to the output.
    func queue(_ bytes: [UInt8]) {
        if outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
        output += bytes
    }

    /// Writes as much output as the socket takes; false when the peer is gone.
    func flush() -> Bool {
        let socket = FileDescriptor(rawValue: descriptor)
        while hasPendingOutput {
            do throws(Errno) {
                let written = try socket.send(output, from: outputOffset)
                guard written > 0 else { return false }
                outputOffset += written
            } catch {
                return error == .wouldBlock
            }
        }
        return true
    }

    /// Reads what is available (up to `limit` bytes) into the request state; false when the peer
    /// is gone with an error.
    func receive(into scratch: inout [UInt8], limit: Int, now: MonotonicInstant) -> Bool {
        var total = 0
        let socket = FileDescriptor(rawValue: descriptor)
        while total < limit {
            let count: Int
            do throws(Errno) {
                count = try socket.receive(into: &scratch)
            } catch {
                return error == .wouldBlock
            }
            if count > 0 {
                total += count
                lastActivity = now
                if drainingUntil != nil { continue }
                if !state.hasPartialRequest { requestStarted = now }
                scratch.withUnsafeBytes { state.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                // A short read emptied the socket's buffer: skip the recv that would only say
                // EAGAIN (one syscall per request); poll reports whatever arrives next.
                if count < scratch.count { return true }
            } else {
                peerClosed = true
                return true
            }
        }
        return true
    }
}
