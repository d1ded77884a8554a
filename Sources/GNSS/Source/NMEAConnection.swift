import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An opened NMEA input — a device or file, a TCP connection or a bound UDP socket — whose
/// descriptor is closed when the connection is released.
final class NMEAConnection {
    /// What is read, non-blocking.
    let descriptor: FileDescriptor
    /// Whether each read is one datagram (UDP), so a zero-length read is not the end of input.
    let isDatagram: Bool
    /// The TCP socket that owns `descriptor`, if that is what was opened.
    private let socket: LineSocket?

    private init(descriptor: FileDescriptor, isDatagram: Bool, socket: LineSocket? = nil) {
        self.descriptor = descriptor
        self.isDatagram = isDatagram
        self.socket = socket
    }

    deinit {
        if socket == nil { close(descriptor.rawValue) }
    }

    /// Opens `input`: the device read-only (a terminal put in raw mode by the caller), the TCP
    /// server connected within `connectTimeout` seconds, the UDP port bound.
    /// The corresponding C functions are `open`, `connect`, `socket` and `bind`.
    static func open(_ input: NMEAInput, connectTimeout: Double) throws(GNSSError) -> NMEAConnection {
        switch input {
        case .device(let path):
            let descriptor = Glibc.open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                if code == EACCES || code == EPERM { throw NMEAReader.denied(path) }
                throw .unavailable(
                    reason: "cannot open NMEA device \(path): \(String(cString: strerror(code)))",
                    remedy: "check the path and that the receiver is plugged in")
            }
            return NMEAConnection(descriptor: FileDescriptor(rawValue: descriptor), isDatagram: false)
        case .tcp(let host, let port):
            do throws(LineSocket.Failure) {
                let socket = try LineSocket.connect(host: host, port: port, timeout: connectTimeout)
                return NMEAConnection(descriptor: socket.descriptor, isDatagram: false, socket: socket)
            } catch {
                let reason: String
                switch error {
                case .refused(let text), .unreachable(let text), .failed(let text): reason = text
                case .timedOut: reason = "no answer within \(GPSDClient.format(connectTimeout)) s"
                case .closed: reason = "the server closed the connection"
                }
                throw .unavailable(
                    reason: "cannot connect to the NMEA server \(input): \(reason)",
                    remedy: "start the phone's GPS-forwarding app in TCP server mode and check its address and port")
            }
        case .udp(let address, let port):
            return NMEAConnection(descriptor: try bindDatagramSocket(address: address, port: port, input: input), isDatagram: true)
        }
    }

    private static func bindDatagramSocket(address: String, port: Int, input: NMEAInput) throws(GNSSError) -> FileDescriptor {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unavailable(reason: "cannot resolve \(address) for \(input): \(String(cString: gai_strerror(status)))",
                               remedy: "give an address of this machine, or none for loopback")
        }
        defer { freeaddrinfo(list) }
        let descriptor = Glibc.socket(first.pointee.ai_family, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else {
            throw .unavailable(reason: "cannot open a UDP socket: \(String(cString: strerror(errno)))", remedy: "check the system's limits")
        }
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(descriptor)
            let remedy = code == EADDRINUSE
                ? "another program (gpsd?) already listens there: pick another port, or read that program instead"
                : code == EACCES ? "ports below 1024 need root: pick a higher port" : "give an address of this machine, or none for loopback"
            throw .unavailable(reason: "cannot listen on \(input): \(String(cString: strerror(code)))", remedy: remedy)
        }
        return FileDescriptor(rawValue: descriptor)
    }
}
