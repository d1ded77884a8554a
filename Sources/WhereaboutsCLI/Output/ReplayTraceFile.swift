import Foundation

/// Appending to replay traces (JSON lines), created 0600 since they hold BSSIDs and positions.
enum ReplayTraceFile {
    static func append(_ line: String, to path: String) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure(errno == EACCES ? .permissionDenied : .dataError, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw CommandFailure(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
