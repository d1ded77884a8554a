import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Somewhere a program writes text: the process's stdout/stderr, or memory in tests.
public protocol OutputSink: Sendable {
    /// Writes the bytes as they are.
    func write(_ bytes: some Collection<UInt8>)
    /// Whether a person is watching (a terminal): decides progress bars and colours.
    var isTerminal: Bool { get }
}

extension OutputSink {
    /// Writes the text as UTF-8.
    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes the text and a newline.
    public func line(_ text: String) {
        write(text + "\n")
    }
}

/// A POSIX file descriptor (1 or 2) as an output sink.
public struct FileDescriptorSink: OutputSink {
    public let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public static let standardOutput = FileDescriptorSink(descriptor: 1)
    public static let standardError = FileDescriptorSink(descriptor: 2)

    public var isTerminal: Bool { isatty(descriptor) == 1 }

    public func write(_ bytes: some Collection<UInt8>) {
        // EPIPE and the like: the reader went away; nothing sensible to do.
        _ = try? FileDescriptor(rawValue: descriptor).writeAll(Array(bytes))
    }
}

/// An in-memory sink for tests.
public final class MemorySink: OutputSink {
    private let storage = Mutex<[UInt8]>([])
    public let isTerminal: Bool

    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    public func write(_ bytes: some Collection<UInt8>) {
        let copy = Array(bytes)
        storage.withLock { $0.append(contentsOf: copy) }
    }

    /// Everything written so far, decoded as UTF-8.
    public var text: String {
        storage.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
