import Foundation
import PositioningCore
import SystemSupport

/// One server thread: a `poll` loop over the listening socket, the stop pipe and the
/// connections it accepted, answering requests with its own ``GeolocateService``.
final class ConnectionWorker {
    private let listener: ListeningSocket
    private let stopDescriptor: Int32
    private let configuration: ServerConfiguration
    private let statistics: ServerStatistics
    private let service: GeolocateService
    private let number: Int
    private let inboxes: [WorkerInbox]
    private let roundRobin: RoundRobin
    private var connections: [ClientConnection] = []
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    /// Stop reading from a client that does not read its answers once this much is queued.
    private static let outputHighWater = 4 << 20

    init(listener: ListeningSocket, stopDescriptor: Int32, configuration: ServerConfiguration,
         statistics: ServerStatistics, service: GeolocateService, number: Int, inboxes: [WorkerInbox],
         roundRobin: RoundRobin) {
        self.number = number
        self.inboxes = inboxes
        self.roundRobin = roundRobin
        self.listener = listener
        self.stopDescriptor = stopDescriptor
        self.configuration = configuration
        self.statistics = statistics
        self.service = service
    }

    /// Serves until the stop pipe becomes readable; then closes every connection.
    func run() {
        var descriptors = PollSet()
        while true {
            descriptors.removeAll()
            descriptors.append(FileDescriptor(rawValue: stopDescriptor), events: .readable)
            descriptors.append(FileDescriptor(rawValue: listener.descriptor), events: .readable)
            descriptors.append(FileDescriptor(rawValue: inboxes[number].wakeDescriptor), events: .readable)
            for connection in connections {
                var events: PollSet.Events = []
                if connection.output.count - connection.outputOffset < Self.outputHighWater && !connection.peerClosed {
                    events.insert(.readable)
                }
                if connection.hasPendingOutput { events.insert(.writable) }
                descriptors.append(FileDescriptor(rawValue: connection.descriptor), events: events)
            }
            do throws(Errno) { _ = try descriptors.wait(timeout: .milliseconds(500)) } catch { break }
            if !descriptors.returnedEvents(at: 0).isEmpty { break }
            let now = MonotonicInstant.now
            // Connections first (by index, before accepting changes the list), then one accept.
            var index = connections.count - 1
            while index >= 0 {
                let connection = connections[index]
                let events = descriptors.returnedEvents(at: index + 3)
                if !service(connection, events: events, now: now) {
                    remove(at: index)
                }
                index -= 1
            }
            if descriptors.returnedEvents(at: 1).contains(.readable) { acceptOne(now: now) }
            if descriptors.returnedEvents(at: 2).contains(.readable) {
                for (descriptor, peer) in inboxes[number].take() {
                    connections.append(ClientConnection(descriptor: descriptor, peer: peer, limits: configuration.limits, now: now))
                }
            }
        }
        while !connections.isEmpty { remove(at: connections.count - 1) }
    }

    /// Reads, answers and writes for one connection; false when it is done with.
    private func service(_ connection: ClientConnection, events: PollSet.Events, now: MonotonicInstant) -> Bool {
        if !events.isDisjoint(with: [.error, .invalid]) { return false }
        if !events.isDisjoint(with: [.readable, .hangUp]) {
            guard connection.receive(into: &scratch, limit: 256 * 1024, now: now) else { return false }
        }
        if let deadline = connection.drainingUntil {
            return !connection.peerClosed && now < deadline
        }
        answerBuffered(connection, now: now)
        if connection.peerClosed && connection.state.hasPartialRequest && !connection.closesAfterOutput {
            // The client ended its side inside a request: say so (it may still read) and close.
            statistics.add(.requests)
            statistics.add(.otherErrors)
            connection.queue(HTTPResponse(.malformed("the connection ended inside the request")).serialized(keepAlive: false))
            connection.closesAfterOutput = true
            log(connection, "-", "-", statusCode: 400, started: now)
        }
        guard connection.flush() else { return false }
        if connection.hasPendingOutput { return true }
        if connection.closesAfterOutput || connection.peerClosed {
            // Half-close so the client reads our answer, then drain what it still sends.
            shutdown(connection.descriptor, Int32(SHUT_WR))
            connection.drainingUntil = now + .seconds(2)
            return !connection.peerClosed
        }
        if connection.state.hasPartialRequest, let started = connection.requestStarted,
           now - started > configuration.readTimeout {
            connection.queue(HTTPResponse(error: .init(code: 408, reason: "requestTimeout",
                                                       message: "Request not received in time")).serialized(keepAlive: false))
            connection.closesAfterOutput = true
            statistics.add(.otherErrors)
            _ = connection.flush()
            return true
        }
        if !connection.state.hasPartialRequest && now - connection.lastActivity > configuration.idleTimeout {
            return false
        }
        return true
    }

    /// Answers every complete request in the buffer, in order (pipelining).
    private func answerBuffered(_ connection: ClientConnection, now: MonotonicInstant) {
        while !connection.closesAfterOutput {
            switch connection.state.next() {
            case .needMore:
                return
            case .sendContinue:
                connection.queue(HTTPResponse.continueBytes)
            case .failure(let error):
                statistics.add(.requests)
                statistics.add(.otherErrors)
                connection.queue(HTTPResponse(error).serialized(keepAlive: false))
                connection.closesAfterOutput = true
                log(connection, "-", "-", statusCode: error.statusCode, started: now)
            case .request(let head, let body):
                let response = service.respond(to: head, body: body, client: connection.peerHost)
                let keepAlive = head.keepsAlive
                connection.queue(response.serialized(keepAlive: keepAlive, includeBody: head.method != "HEAD"))
                if !keepAlive { connection.closesAfterOutput = true }
                connection.requestStarted = connection.state.hasPartialRequest ? now : nil
                log(connection, head.method, String(head.path), statusCode: response.statusCode, started: now)
            }
        }
    }

    private func log(_ connection: ClientConnection, _ method: String, _ path: String, statusCode: Int,
                     started: MonotonicInstant) {
        guard let accessLog = configuration.accessLog else { return }
        let milliseconds = Double((MonotonicInstant.now - started).components.attoseconds) / 1e15
        let time = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withInternetDateTime])
        // The path only: a query string may carry an API key.
        accessLog("\(time) \(connection.peer) \"\(method) \(path)\" \(statusCode) \(String(format: "%.2f", milliseconds))ms")
    }

    private func acceptOne(now: MonotonicInstant) {
        guard let (descriptor, peer) = listener.acceptConnection() else { return }
        statistics.add(.connectionsAccepted)
        if statistics.value(.connectionsOpen) >= configuration.maximumConnections {
            statistics.add(.connectionsRefused)
            let refusal = HTTPResponse(error: .init(code: 503, reason: "serviceUnavailable", message: "Too many connections"))
                .serialized(keepAlive: false)
            _ = refusal.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(descriptor)
            return
        }
        statistics.add(.connectionsOpen)
        // Each worker answers its own connections: spread them so no core idles.
        let target = roundRobin.take()
        if target == number {
            connections.append(ClientConnection(descriptor: descriptor, peer: peer, limits: configuration.limits, now: now))
        } else {
            inboxes[target].deliver(descriptor, peer: peer)
        }
    }

    private func remove(at index: Int) {
        connections.swapAt(index, connections.count - 1)
        connections.removeLast()
        statistics.add(.connectionsOpen, -1)
    }
}
