import Foundation
import PositioningCore
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads NMEA 0183 from a serial device, a FIFO or a log file (`--nmea-device PATH`, config key
/// `nmea_device`), from a TCP server or from UDP datagrams (`--nmea tcp://HOST:PORT`,
/// `udp://[ADDRESS]:PORT`) and turns it into fixes.
///
/// Reading happens on a dedicated thread; a serial port is put in raw mode at `baudRate`.
/// Binary data, bad checksums and malformed sentences are counted (`NMEAStatistics`) and
/// skipped. A regular file is read to its end and then the stream finishes, as does a TCP
/// connection its server closes; a UDP socket waits for datagrams until it is closed.
///
/// ```swift
/// let reader = NMEAReader(path: "/dev/ttyACM0")
/// let fix = try await reader.firstFix(timeout: .seconds(10))
/// ```
public struct NMEAReader: Sendable {
    /// What the reader saw, in order.
    public enum Event: Hashable, Sendable {
        case fix(Location)
        /// No fix for `silenceTimeout` seconds (repeated each further period).
        case silent(seconds: Double)
        /// End of input (end of a file, a FIFO's writer or a TCP server closed it), with the counts.
        case finished(NMEAStatistics)
        /// The device could not be opened or read, or the server not reached.
        case failed(GNSSError)
    }

    /// The device, file or socket to read.
    public let input: NMEAInput
    /// Serial speed, used when the path is a terminal.
    public let baudRate: Int
    /// Seconds without a fix before `.silent` is reported.
    public var silenceTimeout: Double = 10
    /// Seconds a TCP connection may take, and a `status` probe waits for the first sentence.
    public var connectTimeout: Double = 3

    /// Creates a reader of the device or file at `path`; nothing is opened until `events()` or
    /// `firstFix(timeout:)`.
    /// - Parameter baudRate: serial speed (4800 is NMEA's standard, most USB receivers use 9600).
    public init(path: String, baudRate: Int = 9600) {
        self.init(input: .device(path: path), baudRate: baudRate)
    }

    /// Creates a reader of `input`; nothing is opened until `events()` or `firstFix(timeout:)`.
    public init(input: NMEAInput, baudRate: Int = 9600) {
        self.input = input
        self.baudRate = baudRate
    }

    /// Assembles all fixes in a complete NMEA text (a log file's bytes). Pure.
    public static func fixes(in bytes: some Sequence<UInt8>) -> (fixes: [Location], statistics: NMEAStatistics) {
        var decoder = NMEAStreamDecoder()
        var assembler = NMEAFixAssembler()
        var fixes: [Location] = []
        for sentence in decoder.decode(bytes) + decoder.finish() {
            if let fix = assembler.consume(sentence) { fixes.append(fix) }
        }
        if let fix = assembler.finish() { fixes.append(fix) }
        return (fixes, decoder.statistics)
    }

    /// Whether the input can be read, for `whereabouts status`: a device exists and may be
    /// read; a TCP server accepts the connection and a UDP port can be bound, and a sentence
    /// arrives within `connectTimeout`. Blocks that long at most: call it off the concurrency pool.
    public func availability() -> GNSSAvailability {
        guard case .device(let path) = input else { return probe() }
        if access(path, F_OK) != 0 {
            return .unavailable(
                reason: "NMEA device \(path) does not exist",
                remedy: "plug in the receiver and check the path (ls /dev/ttyACM* /dev/ttyUSB*), or use gpsd")
        }
        if access(path, R_OK) != 0, case .denied(let reason, let remedy) = Self.denied(path) {
            return .denied(reason: reason, remedy: remedy)
        }
        return .available(detail: "NMEA device \(path)")
    }

    /// Opens a network input and waits for its first sentence.
    private func probe() -> GNSSAvailability {
        let connection: NMEAConnection
        do throws(GNSSError) {
            connection = try NMEAConnection.open(input, connectTimeout: connectTimeout)
        } catch {
            switch error {
            case .denied(let reason, let remedy): return .denied(reason: reason, remedy: remedy)
            case .unavailable(let reason, let remedy): return .unavailable(reason: reason, remedy: remedy)
            default: return .unavailable(reason: error.description, remedy: "check the address")
            }
        }
        var decoder = NMEAStreamDecoder()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending = PollSet(connection.descriptor, events: .readable)
        let deadline = ContinuousClock.now + .milliseconds(Int(connectTimeout * 1000))
        while ContinuousClock.now < deadline {
            guard ((try? pending.wait(timeout: deadline - ContinuousClock.now)) ?? 0) > 0,
                let count = try? connection.descriptor.read(into: &chunk, retryOnInterrupt: false)
            else { continue }
            if count == 0 && !connection.isDatagram { break }
            if !decoder.decode(chunk[0..<count]).isEmpty {
                return .available(detail: "NMEA sentences arriving from \(input)")
            }
        }
        let what = connection.isDatagram ? "no NMEA datagram arrived on \(input)" : "the NMEA server \(input) sent no sentence"
        return .unavailable(
            reason: "\(what) within \(GPSDClient.format(connectTimeout)) s",
            remedy: connection.isDatagram
                ? "point the phone's GPS-forwarding app at this address and port (UDP listens on loopback unless --nmea names an address)"
                : "check that the phone's GPS-forwarding app has a fix and is sending")
    }

    /// Reads until the consumer stops iterating or the input ends.
    public func events() -> AsyncStream<Event> {
        openSession().events
    }

    /// Opens a session that reads until `close()` or the end of the input; the device is closed
    /// when `close()` returns.
    public func openSession() -> GNSSSession<Event> {
        let stop = StopFlag()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(512))
        continuation.onTermination = { _ in stop.set() }
        let reader = self
        return GNSSSession.start(name: "nmea \(input)", stop: stop, events: stream) {
            reader.run(stop: stop, continuation: continuation)
        }
    }

    /// Waits for the first fix.
    /// - Throws: `GNSSError.unavailable`/`.denied` when the device cannot be opened, `.noFix`
    ///   when the input ends or `timeout` passes without a fix.
    public func firstFix(timeout: Duration) async throws(GNSSError) -> Location {
        var reader = self
        reader.silenceTimeout = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        for await event in reader.events() {
            switch event {
            case .fix(let location): return location
            case .failed(let error): throw error
            case .finished(let statistics): throw .noFix(reason: "no fix in \(input): \(statistics)")
            case .silent(let seconds): throw .noFix(reason: "no fix from \(input) within \(GPSDClient.format(seconds)) s")
            }
        }
        throw .noFix(reason: "reading \(input) stopped")
    }

    private func run(stop: StopFlag, continuation: AsyncStream<Event>.Continuation) {
        defer { continuation.finish() }
        let connection: NMEAConnection
        do throws(GNSSError) {
            connection = try NMEAConnection.open(input, connectTimeout: connectTimeout)
        } catch {
            continuation.yield(.failed(error))
            return
        }
        let device = connection.descriptor
        if case .device = input, isatty(device.rawValue) == 1 { configureSerial(device.rawValue) }

        var decoder = NMEAStreamDecoder()
        var assembler = NMEAFixAssembler()
        var lastFix = ContinuousClock.now
        let silence = Duration.milliseconds(Int(silenceTimeout * 1000))
        // A datagram longer than the buffer would be cut: UDP's largest fits.
        var chunk = [UInt8](repeating: 0, count: connection.isDatagram ? 1 << 16 : 4096)
        var pending = PollSet(device, events: .readable)
        while !stop.isSet {
            if ((try? pending.wait(timeout: .milliseconds(100))) ?? 0) > 0 {
                let count: Int
                do throws(Errno) {
                    count = try device.read(into: &chunk, retryOnInterrupt: false)
                } catch .wouldBlock, .interrupted {
                    count = -1
                } catch {
                    continuation.yield(.failed(.unavailable(
                        reason: "reading \(input) failed: \(error)",
                        remedy: "check that the receiver is still connected")))
                    return
                }
                if count > 0 {
                    for sentence in decoder.decode(chunk[0..<count]) {
                        if let fix = assembler.consume(sentence) {
                            lastFix = ContinuousClock.now
                            continuation.yield(.fix(fix))
                        }
                    }
                    continue
                }
                // End of file, or the FIFO's writer or the TCP server closed it; an empty
                // datagram is only that.
                if count == 0 && !connection.isDatagram {
                    for sentence in decoder.finish() {
                        if let fix = assembler.consume(sentence) { continuation.yield(.fix(fix)) }
                    }
                    if let fix = assembler.finish() { continuation.yield(.fix(fix)) }
                    continuation.yield(.finished(decoder.statistics))
                    return
                }
            }
            if ContinuousClock.now - lastFix >= silence {
                continuation.yield(.silent(seconds: silenceTimeout))
                lastFix = ContinuousClock.now
            }
        }
    }

    /// Raw 8N1 at `baudRate`. The corresponding C functions are `tcgetattr`, `cfmakeraw`,
    /// `cfsetspeed` and `tcsetattr`.
    private func configureSerial(_ descriptor: Int32) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return }
        cfmakeraw(&settings)
        let speeds: [Int: speed_t] = [4800: speed_t(B4800), 9600: speed_t(B9600), 19200: speed_t(B19200),
                                      38400: speed_t(B38400), 57600: speed_t(B57600), 115200: speed_t(B115200)]
        cfsetspeed(&settings, speeds[baudRate] ?? speed_t(B9600))
        settings.c_cflag |= tcflag_t(CLOCAL | CREAD)
        tcsetattr(descriptor, TCSANOW, &settings)
    }

    static func denied(_ path: String) -> GNSSError {
        .denied(
            reason: "no permission to read NMEA device \(path)",
            remedy: "add your user to the device's group (usually `sudo usermod -aG dialout $USER`, then log in again)")
    }
}
