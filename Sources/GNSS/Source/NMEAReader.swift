import Foundation
import PositioningCore
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads NMEA 0183 from a serial device, a FIFO or a log file (`--nmea-device PATH`, config key
/// `nmea_device`) and turns it into fixes.
///
/// Reading happens on a dedicated thread; a serial port is put in raw mode at `baudRate`.
/// Binary data, bad checksums and malformed sentences are counted (`NMEAStatistics`) and
/// skipped. A regular file is read to its end and then the stream finishes.
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
        /// End of input (end of a file, or a FIFO's writer closed it), with the counts.
        case finished(NMEAStatistics)
        /// The device could not be opened or read.
        case failed(GNSSError)
    }

    /// The device or file to read.
    public let path: String
    /// Serial speed, used when the path is a terminal.
    public let baudRate: Int
    /// Seconds without a fix before `.silent` is reported.
    public var silenceTimeout: Double = 10

    /// Creates a reader; nothing is opened until `events()` or `firstFix(timeout:)`.
    /// - Parameter baudRate: serial speed (4800 is NMEA's standard, most USB receivers use 9600).
    public init(path: String, baudRate: Int = 9600) {
        self.path = path
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

    /// Whether the path can be read, for `whereabouts status`.
    public func availability() -> GNSSAvailability {
        if access(path, F_OK) != 0 {
            return .unavailable(
                reason: "NMEA device \(path) does not exist",
                remedy: "plug in the receiver and check the path (ls /dev/ttyACM* /dev/ttyUSB*), or use gpsd")
        }
        if access(path, R_OK) != 0 {
            return Self.denied(path)
        }
        return .available(detail: "NMEA device \(path)")
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
        return GNSSSession.start(name: "nmea \(path)", stop: stop, events: stream) {
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
            case .finished(let statistics): throw .noFix(reason: "no fix in \(path): \(statistics)")
            case .silent(let seconds): throw .noFix(reason: "no fix from \(path) within \(GPSDClient.format(seconds)) s")
            }
        }
        throw .noFix(reason: "reading \(path) stopped")
    }

    private func run(stop: StopFlag, continuation: AsyncStream<Event>.Continuation) {
        defer { continuation.finish() }
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM, case .denied(let reason, let remedy) = Self.denied(path) {
                continuation.yield(.failed(.denied(reason: reason, remedy: remedy)))
            } else {
                continuation.yield(.failed(.unavailable(
                    reason: "cannot open NMEA device \(path): \(String(cString: strerror(code)))",
                    remedy: "check the path and that the receiver is plugged in")))
            }
            return
        }
        defer { close(descriptor) }
        if isatty(descriptor) == 1 { configureSerial(descriptor) }

        var decoder = NMEAStreamDecoder()
        var assembler = NMEAFixAssembler()
        var lastFix = ContinuousClock.now
        let silence = Duration.milliseconds(Int(silenceTimeout * 1000))
        var chunk = [UInt8](repeating: 0, count: 4096)
        let device = FileDescriptor(rawValue: descriptor)
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
                        reason: "reading \(path) failed: \(error)",
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
                if count == 0 {  // end of file, or the FIFO's writer closed it
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

    private static func denied(_ path: String) -> GNSSAvailability {
        .denied(
            reason: "no permission to read NMEA device \(path)",
            remedy: "add your user to the device's group (usually `sudo usermod -aG dialout $USER`, then log in again)")
    }
}
