import Foundation
import PositioningCore

/// The connection loop behind `GPSDClient`, run on its own thread: connect, watch, read,
/// report, and reconnect with exponential backoff until asked to stop.
struct GPSDSession: Sendable {
    let endpoint: GPSDEndpoint
    let options: GPSDClient.Options
    let stop: StopFlag
    let continuation: AsyncStream<GPSDClient.Event>.Continuation

    /// gpsd_json(5): a request line is at most 80 characters; `;` or newline ends it.
    static let watchRequest = "?WATCH={\"enable\":true,\"json\":true};\n"
    /// How often a blocked read looks at the stop flag.
    private static let pollInterval = 0.1

    func run() {
        var backoff = options.initialBackoff
        while !stop.isSet {
            let reason: String
            do {
                let socket = try LineSocket.connect(host: endpoint.host, port: endpoint.port, timeout: options.connectTimeout)
                reason = watch(socket, resetBackoff: { backoff = options.initialBackoff })
            } catch {
                reason = Self.describe(error)
            }
            if stop.isSet { break }
            continuation.yield(.disconnected(reason: reason))
            if stop.wait(seconds: backoff) { break }
            backoff = min(backoff * 2, options.maximumBackoff)
        }
        continuation.finish()
    }

    /// Reads one connection until it ends; returns why it ended.
    private func watch(_ socket: LineSocket, resetBackoff: () -> Void) -> String {
        let connectedAt = ContinuousClock.now
        var lastFix = connectedAt
        var sawBanner = false
        var hdop: Double?
        var epochs = GPSDEpochs()
        let silence = Duration.milliseconds(Int(options.silenceTimeout * 1000))
        do {
            while !stop.isSet {
                guard let line = try socket.readLine(timeout: Self.pollInterval) else {
                    let now = ContinuousClock.now
                    if !sawBanner, now - connectedAt > .milliseconds(Int(options.connectTimeout * 1000)) {
                        return "no VERSION banner within \(GPSDClient.format(options.connectTimeout)) s: not gpsd?"
                    }
                    if sawBanner, now - lastFix >= silence {
                        continuation.yield(.silent(seconds: options.silenceTimeout))
                        lastFix = now
                    }
                    continue
                }
                guard let message = try? GPSDMessage.parse(line) else { continue }
                switch message {
                case .version(let release, let major, _):
                    guard major == 3 else { return "unsupported gpsd protocol \(major)" }
                    sawBanner = true
                    resetBackoff()
                    continuation.yield(.connected(release: release))
                    try socket.send(Self.watchRequest)
                case .devices(let devices):
                    continuation.yield(.devices(devices))
                case .device(let device) where !device.isActive:
                    continuation.yield(.deviceVanished(path: device.path))
                case .watch(_, let json) where !json:
                    continuation.yield(.gpsdError(message: "gpsd did not enable JSON reports for ?WATCH"))
                case .tpv(let report):
                    if let location = report.location(receivedAt: Date(), hdop: hdop) {
                        lastFix = ContinuousClock.now
                        let revision = epochs.isRevision(time: report.time, at: location.coordinate, arrived: lastFix)
                        continuation.yield(revision ? .revisedFix(location) : .fix(location))
                    } else if !report.hasFix {
                        continuation.yield(.noFix(mode: report.mode))
                    }
                case .sky(let value):
                    hdop = value ?? hdop
                case .error(let text):
                    continuation.yield(.gpsdError(message: text))
                case .device, .watch, .other:
                    break
                }
            }
            return "stopped"
        } catch {
            return Self.describe(error)
        }
    }

    /// One short connection for `status`: banner, then `?DEVICES;`.
    static func probe(endpoint: GPSDEndpoint, timeout: Double) -> GNSSAvailability {
        let socket: LineSocket
        do {
            socket = try LineSocket.connect(host: endpoint.host, port: endpoint.port, timeout: timeout)
        } catch {
            guard case .unavailable(let reason, let remedy) = GPSDClient.unreachable(endpoint, describe(error)) else {
                return .unavailable(reason: describe(error), remedy: "")
            }
            return .unavailable(reason: reason, remedy: remedy)
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var release: String?
        do {
            while ContinuousClock.now < deadline {
                guard let line = try socket.readLine(timeout: pollInterval),
                    let message = try? GPSDMessage.parse(line)
                else { continue }
                switch message {
                case .version(let version, _, _):
                    release = version
                    try socket.send("?DEVICES;\n")
                case .devices(let devices):
                    let active = devices.filter(\.isActive).compactMap(\.path)
                    guard !active.isEmpty else {
                        return .unavailable(
                            reason: "gpsd \(release ?? "") at \(endpoint) has no GPS receiver",
                            remedy: "plug in a receiver, or add one with `gpsdctl add /dev/ttyACM0`")
                    }
                    return .available(detail: "gpsd \(release ?? "") at \(endpoint) with \(active.joined(separator: ", "))")
                default:
                    continue
                }
            }
        } catch {
            return .unavailable(reason: "gpsd at \(endpoint) closed the connection: \(describe(error))",
                remedy: "check gpsd's log; restart it")
        }
        return .unavailable(reason: "\(endpoint) accepted a connection but did not answer like gpsd",
            remedy: "check that gpsd, not another service, listens on this port (--gpsd HOST:PORT)")
    }

    static func describe(_ error: LineSocket.Failure) -> String {
        switch error {
        case .refused(let text): "connection refused (\(text))"
        case .unreachable(let text): text
        case .timedOut: "connection timed out"
        case .closed: "gpsd closed the connection"
        case .failed(let text): text
        }
    }
}
