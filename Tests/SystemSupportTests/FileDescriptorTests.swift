import Foundation
import Testing
import TestSupport

@testable import SystemSupport

/// A pipe for a test; both ends closed in `deinit`.
final class TestPipe: Sendable {
    let readEnd: FileDescriptor
    let writeEnd: FileDescriptor

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed")
        readEnd = FileDescriptor(rawValue: ends[0])
        writeEnd = FileDescriptor(rawValue: ends[1])
    }

    deinit {
        close(readEnd.rawValue)
        close(writeEnd.rawValue)
    }
}

@Suite struct FileDescriptorTests {
    @Test func aReadInterruptedBySignalsIsRetriedUntilTheDataArrives() async throws {
        let pipe = TestPipe()
        let (result, signals) = await InterruptingSignal.interrupt({ () -> Result<[UInt8], Errno> in
            var buffer = [UInt8](repeating: 0, count: 8)
            return Result { () throws(Errno) -> [UInt8] in
                let count = try pipe.readEnd.read(into: &buffer)
                return Array(buffer[..<count])
            }
        }, afterwards: { _ = try? pipe.writeEnd.writeAll(Array("hi".utf8)) })
        #expect(signals > 0)
        #expect(try result.get() == Array("hi".utf8))
    }

    @Test func withoutRetryingTheInterruptionIsReported() async {
        let pipe = TestPipe()
        let (result, signals) = await InterruptingSignal.interrupt({ () -> Result<Int, Errno> in
            var buffer = [UInt8](repeating: 0, count: 8)
            return Result { () throws(Errno) -> Int in try pipe.readEnd.read(into: &buffer, retryOnInterrupt: false) }
        }, afterwards: { _ = try? pipe.writeEnd.writeAll(Array("x".utf8)) })
        #expect(signals > 0)
        #expect(throws: Errno.interrupted) { try result.get() }
    }

    @Test func writeAllWritesMoreThanAPipeHoldsAtOnce() async throws {
        let pipe = TestPipe()
        let payload = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        // The reader drains on its own thread while writeAll loops over partial writes.
        let reader = DedicatedThread("drain") { () -> [UInt8] in
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while received.count < payload.count {
                guard let count = try? pipe.readEnd.read(into: &buffer), count > 0 else { break }
                received += buffer[..<count]
            }
            return received
        }
        #expect(try pipe.writeEnd.writeAll(payload) == payload.count)
        #expect(await reader.value == payload)
    }

    @Test func positionedReadsAndWritesLeaveTheOffsetAlone() throws {
        let directory = TemporaryDirectory("descriptor")
        let descriptor = FileDescriptor(rawValue: open(directory.path("file"), O_RDWR | O_CREAT, 0o600))
        try #require(descriptor.rawValue >= 0)
        defer { close(descriptor.rawValue) }
        try descriptor.writeAll(toAbsoluteOffset: 0, Array("hello world".utf8))
        var word = [UInt8](repeating: 0, count: 5)
        let count = try descriptor.read(fromAbsoluteOffset: 6, into: &word, at: 0, count: 5)
        #expect(count == 5 && word == Array("world".utf8))
        #expect(lseek(descriptor.rawValue, 0, SEEK_CUR) == 0)
    }

    @Test func aFailedCallThrowsTheErrnoItSet() {
        #expect(throws: Errno(rawValue: EBADF)) { try FileDescriptor(rawValue: -1).writeAll(Array("x".utf8)) }
        #expect(Errno(rawValue: EBADF).description == String(cString: strerror(EBADF)))
    }
}
