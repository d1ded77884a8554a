import Foundation
import Geolocation
import PositioningCore
import RadioMap
import Synchronization
import SystemSupport

/// A small, strict HTTP/1.1 server for the geolocate API over POSIX sockets.
///
/// Its worker threads each run a `poll` loop over the shared listening socket and their own
/// connections and own a read-only radio map connection; nothing runs on Swift's cooperative
/// pool. Keep-alive and pipelining are supported; bodies must have a `Content-Length`.
///
/// ```swift
/// let server = try GeolocateServer(configuration: ServerConfiguration(
///     listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: path))
/// print(server.port)   // the port the kernel chose
/// server.stop()
/// ```
public final class GeolocateServer: Sendable {
    /// The configuration the server runs with.
    public let configuration: ServerConfiguration
    /// The port it listens on (the kernel's choice when 0 was asked for).
    public let port: UInt16
    /// Its counters.
    public let statistics: ServerStatistics
    private let listener: ListeningSocket
    private let stopPipe: (read: Int32, write: Int32)
    private let submissions: SubmissionWriter?
    private let workers: [DedicatedThread<Void>]
    private let state: Mutex<Bool>

    /// Binds, opens one radio-map connection per worker, and starts serving.
    /// - Throws: ``ServerError`` when the address cannot be bound or the radio map opened.
    public init(configuration: ServerConfiguration) throws(ServerError) {
        self.configuration = configuration
        // The map is opened and its calibration loaded before listening, so a missing or
        // foreign map is reported first; the first worker keeps this connection.
        let engine: GeolocationEngine
        let firstConnection: RadioMap
        do {
            firstConnection = try RadioMap(path: configuration.databasePath, mode: .readOnly)
            engine = try GeolocationEngine(
                radioMap: firstConnection, parameters: configuration.parameters,
                requestSequence: configuration.requestSequence)
        } catch {
            throw .radioMap(error.description)
        }
        listener = try ListeningSocket(configuration.listenAddress)
        port = listener.port
        statistics = ServerStatistics()
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw .cannotListen(address: configuration.listenAddress.description, reason: "pipe: \(String(cString: strerror(errno)))",
                                permissionDenied: false)
        }
        // Not inherited by a child spawned meanwhile (ChildProcess also closes what it does not pass).
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        stopPipe = (descriptors[0], descriptors[1])
        state = Mutex(false)
        do {
            submissions = configuration.acceptsSubmissions ? try SubmissionWriter(databasePath: configuration.databasePath) : nil
        } catch {
            close(stopPipe.read)
            close(stopPipe.write)
            throw .radioMap(error.description)
        }
        let started = MonotonicInstant.now
        var services: [GeolocateService] = []
        do {
            for geolocator in try engine.geolocators(count: max(1, configuration.workerCount), firstUsing: firstConnection) {
                services.append(GeolocateService(
                    configuration: configuration, geolocator: geolocator, statistics: statistics,
                    submissions: submissions, started: started))
            }
        } catch {
            submissions?.stop()
            close(stopPipe.read)
            close(stopPipe.write)
            throw .radioMap(error.description)
        }
        var inboxes: [WorkerInbox] = []
        do {
            for _ in services { inboxes.append(try WorkerInbox()) }
        } catch {
            submissions?.stop()
            close(stopPipe.read)
            close(stopPipe.write)
            throw error
        }
        let roundRobin = RoundRobin(count: services.count)
        // Each service (and its SQLite connection) is handed to exactly one thread, which is
        // the only one to use it from then on.
        let (listener, stopDescriptor, statistics) = (listener, stopPipe.read, statistics)
        workers = services.enumerated().map { number, service in
            let handOver = UncheckedBox(ConnectionWorker(
                listener: listener, stopDescriptor: stopDescriptor, configuration: configuration,
                statistics: statistics, service: service, number: number, inboxes: inboxes, roundRobin: roundRobin))
            return DedicatedThread("whereabouts-serve-\(number)") { handOver.value.run() }
        }
    }

    /// Stops accepting, closes every connection and waits for the worker threads to end.
    /// Calling it again does nothing.
    public func stop() {
        let alreadyStopped = state.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        for worker in workers { worker.wait() }
        submissions?.stop()
        close(stopPipe.read)
        close(stopPipe.write)
    }

    deinit { stop() }
}

/// Carries a value that is not `Sendable` to the one thread that will own it.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
