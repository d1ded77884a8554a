import Foundation
import GNSS
import PositioningCore
import TestSupport
import Testing

@testable import LocationService

/// Live radios against a real gpsd on loopback: one `?WATCH` session for all epochs while an
/// observer runs, reconnection when gpsd comes back, and no descriptor left behind.
/// Serialized: each test runs a daemon, a 10 Hz feed and a client thread.
@Suite(
    "LiveRadios against a real gpsd", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: LoopbackGPSD.isInstalled, "gpsd is not installed (/usr/sbin/gpsd)"))
struct LiveGPSDSessionTests {
    static let start = Coordinate(latitude: 52.52, longitude: 13.405)

    /// A receiver walking north 2 m per epoch, 10 epochs a second, on a thread of its own.
    static func walkingReceiver(feeding gpsd: LoopbackGPSD, from origin: Coordinate = start) -> RepeatingThread {
        RepeatingThread("walking receiver", every: .milliseconds(100)) { epoch in
            let position = Geodesy.destination(from: origin, distance: Double(epoch) * 2, bearing: 0)
            gpsd.send(NMEATestWriter.epoch(latitude: position.latitude, longitude: position.longitude, second: epoch))
        }
    }

    static func manager(gpsd port: Int, interval: Double = 0.1, failures: Int = 3) -> LocationManager {
        var options = LocationManager.Options()
        options.sources = [.gps]
        options.sourceBudget = .seconds(20)
        options.maximumConsecutiveFailures = failures
        let radios = LiveRadios(gpsd: GPSDEndpoint(host: "127.0.0.1", port: port), interval: interval)
        return LocationManager(options: options, radios: radios)
    }

    @Test func oneSessionServesEveryEpochAndClosesWithTheLastObserver() async throws {
        let gpsd = try await LoopbackGPSD()
        let receiver = Self.walkingReceiver(feeding: gpsd)
        let manager = Self.manager(gpsd: gpsd.port)
        var latitudes: [Double] = []
        var clientPorts: Set<Int> = []
        do {
            var updates = await manager.updates().makeAsyncIterator()
            for _ in 0..<5 {
                let fix = try #require(try await updates.next())
                latitudes.append(fix.location.coordinate.latitude)
                clientPorts.formUnion(TCPConnections.clientPorts(connectedTo: gpsd.port))
            }
        }
        let closed = await eventually { TCPConnections.clientPorts(connectedTo: gpsd.port).isEmpty }
        await receiver.stop()
        await gpsd.stop()
        #expect(latitudes == latitudes.sorted() && Set(latitudes).count == 5, "each epoch gets a newer fix: \(latitudes)")
        #expect(clientPorts.count == 1, "one connection for all epochs, not one per reading: \(clientPorts)")
        #expect(closed, "the connection closes when the last observer stops")
    }

    @Test func theSessionReconnectsWhenGPSDComesBack() async throws {
        let first = try await LoopbackGPSD()
        let port = first.port
        var receiver = Self.walkingReceiver(feeding: first)
        let manager = Self.manager(gpsd: port, failures: 10_000)
        var updates = await manager.updates().makeAsyncIterator()
        let before = try #require(try await updates.next())
        await receiver.stop()
        await first.stop()

        // The second receiver walks a kilometre east of the first, so its fixes are told apart.
        let elsewhere = Geodesy.destination(from: Self.start, distance: 1000, bearing: 90)
        let second = try await LoopbackGPSD(port: port)
        receiver = Self.walkingReceiver(feeding: second, from: elsewhere)
        var after: LocationFix?
        while let fix = try await updates.next() {
            // A fix of the first gpsd's may have been read just before it stopped: read on.
            if Geodesy.distance(from: fix.location.coordinate, to: before.location.coordinate) > 500 {
                after = fix
                break
            }
        }
        await receiver.stop()
        await second.stop()
        #expect(after != nil, "updates resume once gpsd is back")
    }

    @Test func manyCyclesAgainstReachableAndUnreachableGPSDLeakNoDescriptors() async throws {
        let gpsd = try await LoopbackGPSD()
        let receiver = Self.walkingReceiver(feeding: gpsd)
        let unreachable = try LoopbackGPSD.freePort(type: SOCK_STREAM)
        let cycles = 40
        let baseline = DescriptorCount.now
        for _ in 0..<cycles {
            let live = Self.manager(gpsd: gpsd.port, interval: 0.05)
            do {
                var updates = await live.updates().makeAsyncIterator()
                _ = try #require(try await updates.next())
            }
            _ = try await live.requestLocation()

            let dead = Self.manager(gpsd: unreachable, interval: 0.05)
            let (fixes, error) = await collect(await dead.updates())
            #expect(fixes.isEmpty && error is LocationError)
            await #expect(throws: LocationError.self) { try await dead.requestLocation() }
        }
        let settled = await eventually { TCPConnections.clientPorts(connectedTo: gpsd.port).isEmpty }
        // Other suites run in this process meanwhile and open files of their own (dozens at a
        // time); a leak here would be one descriptor or more per session, 80 or more in all.
        let grown = await eventually { DescriptorCount.now < baseline + 40 }
        let after = DescriptorCount.now
        await receiver.stop()
        await gpsd.stop()
        #expect(settled, "every gpsd connection is closed")
        #expect(grown, "descriptors: \(baseline) before, \(after) after \(2 * cycles) sessions")
    }
}

/// The process's open file descriptors.
enum DescriptorCount {
    static var now: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}

/// Established IPv4 TCP connections, from /proc/net/tcp (`local_address rem_address st`, ports
/// in hex; state 01 is ESTABLISHED).
enum TCPConnections {
    /// The local ports of established connections whose far end is 127.0.0.1:`port`.
    static func clientPorts(connectedTo port: Int) -> Set<Int> {
        let table = readToEnd("/proc/net/tcp")
        var ports: Set<Int> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "01",
                let remote = fields[2].split(separator: ":").last, Int(remote, radix: 16) == port,
                let local = fields[1].split(separator: ":").last, let localPort = Int(local, radix: 16)
            else { continue }
            ports.insert(localPort)
        }
        return ports
    }

    /// The whole of a /proc file, read until `read` returns 0: procfs reports size 0, and a
    /// busy table is longer than one page.
    private static func readToEnd(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
