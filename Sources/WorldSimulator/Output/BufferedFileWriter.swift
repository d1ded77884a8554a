import Foundation
import JSONCodec
import SystemSupport

/// Writes a file through a 256 KiB byte buffer, with the few formatters the simulator's CSV
/// and JSON need (integers, fixed-point decimals, dates, MAC addresses, quoted strings).
///
/// Formatting goes straight into bytes — no `String` per row, no `String(format:)` — which is
/// what lets the bulk writers produce millions of rows a minute in bounded memory, and keeps
/// the output identical across machines and locales.
final class BufferedFileWriter {
    let path: String
    private let descriptor: Int32
    private let storage: UnsafeMutablePointer<UInt8>
    // Unchecked: this class is used from one thread at a time, and the runtime's dynamic
    // exclusivity check on every appended byte otherwise costs a third of the writing time.
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var pendingError: SimulationError?
    private static let capacity = 1 << 18
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Creates (or truncates) `path`, mode 0600: simulated surveys are still position data.
    init(path: String) throws(SimulationError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        storage = .allocate(capacity: BufferedFileWriter.capacity)
    }

    deinit {
        close(descriptor)
        storage.deallocate()
    }

    /// Appends one byte, writing the buffer out first when it is full (an error is kept and
    /// thrown by the next `endLine` or `flush`).
    @inline(__always)
    private func append(_ byte: UInt8) {
        if count == BufferedFileWriter.capacity { drain() }
        storage[count] = byte
        count += 1
    }

    private func hexDigit(_ value: Int) -> UInt8 {
        BufferedFileWriter.hexDigits.withUTF8Buffer { $0[value] }
    }

    /// Appends the UTF-8 bytes of `text` (no escaping).
    func write(_ text: String) throws(SimulationError) {
        for byte in text.utf8 { append(byte) }
        try throwPendingError()
    }

    /// Appends one ASCII byte.
    func write(byte: UInt8) {
        append(byte)
    }

    /// Appends a decimal integer.
    func write(integer value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt64 = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Appends a decimal integer.
    func write(integer value: Int) {
        write(integer: Int64(value))
    }

    /// Appends `value` rounded to `decimals` places, e.g. `-16.5000000` (decimals ≤ 9).
    func write(decimal value: Double, places decimals: Int) {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        if value < 0 && scaled != 0 { append(UInt8(ascii: "-")) }
        write(integer: scaled / scale)
        guard decimals > 0 else { return }
        append(UInt8(ascii: "."))
        var fraction = scaled % scale
        var divisor = scale / 10
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Appends a MAC address as `aa:bb:cc:dd:ee:ff`.
    func write(macAddress rawValue: UInt64) {
        for octet in 0..<6 {
            if octet > 0 { append(UInt8(ascii: ":")) }
            let byte = Int(rawValue >> UInt64(40 - 8 * octet) & 0xFF)
            append(hexDigit(byte >> 4))
            append(hexDigit(byte & 0xF))
        }
    }

    /// Appends `seconds` since 1970 as `YYYY-MM-DD HH:MM:SS` (UTC), WiGLE's FirstSeen form.
    func write(timestamp seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let date = CivilDate(daysSince1970: Int(days))
        write(integer: Int64(date.year))
        append(UInt8(ascii: "-"))
        writeTwoDigits(Int64(date.month))
        append(UInt8(ascii: "-"))
        writeTwoDigits(Int64(date.day))
        append(UInt8(ascii: " "))
        writeTwoDigits(secondOfDay / 3_600)
        append(UInt8(ascii: ":"))
        writeTwoDigits(secondOfDay / 60 % 60)
        append(UInt8(ascii: ":"))
        writeTwoDigits(secondOfDay % 60)
    }

    /// Appends a CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
    func write(csvField text: String) {
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else {
            for byte in text.utf8 { append(byte) }
            return
        }
        append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { append(byte) }
            append(byte)
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends a JSON string literal with the required escapes.
    func write(jsonString text: String) {
        append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                append(UInt8(ascii: "\\"))
                append(byte)
            case 0..<0x20:
                for escape in "\\u00".utf8 { append(escape) }
                append(hexDigit(Int(byte >> 4)))
                append(hexDigit(Int(byte & 0xF)))
            default:
                append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }

    /// Ends a line.
    func endLine() throws(SimulationError) {
        append(10)
        try throwPendingError()
    }

    /// Writes out everything buffered.
    func flush() throws(SimulationError) {
        drain()
        try throwPendingError()
    }

    private func throwPendingError() throws(SimulationError) {
        if let pendingError { throw pendingError }
    }

    private func drain() {
        if count > 0 && pendingError == nil {
            do throws(Errno) {
                try FileDescriptor(rawValue: descriptor).writeAll(UnsafeRawBufferPointer(start: storage, count: count))
            } catch {
                pendingError = .cannotWrite(path: path, reason: error.description)
            }
        }
        count = 0
    }

    private func writeTwoDigits(_ value: Int64) {
        append(UInt8(ascii: "0") + UInt8(value / 10))
        append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
