import Foundation
import Testing
import TestSupport

@testable import SystemSupport

@Suite struct LineReaderTests {
    private static func lines(in text: String, chunkSize: Int) throws -> [String] {
        let directory = TemporaryDirectory("line-reader")
        let path = directory.path("lines.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = LineReader(FileDescriptor(rawValue: descriptor), chunkSize: chunkSize)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(try reader.nextLine() == nil, "the end stays the end")
        return lines
    }

    @Test(arguments: [1, 3, 1 << 16])
    func readsAFileLineByLineWhateverTheChunkSize(chunkSize: Int) throws {
        let long = String(repeating: "x", count: 100_000)
        #expect(try Self.lines(in: "first\r\n\(long)\n\nlast", chunkSize: chunkSize) == ["first", long, "", "last"])
    }

    @Test func aReadThatFailsThrowsItsErrno() throws {
        var reader = LineReader(FileDescriptor(rawValue: -1), chunkSize: 16)
        #expect(throws: Errno(rawValue: EBADF)) { try reader.nextLine() }
    }

    @Test func aFileByPathIsReadLineByLineAndAMissingOneIsItsErrno() throws {
        let directory = TemporaryDirectory("line-reader-path")
        let path = directory.path("lines.txt")
        try Data("one\r\ntwo\n\nthree".utf8).write(to: URL(fileURLWithPath: path))
        var lines: [String] = []
        try LineReader.forEachLine(ofFile: path, chunkSize: 2) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == ["one", "two", "", "three"])
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try LineReader.forEachLine(ofFile: directory.path("missing.txt")) { _ in Issue.record("no line of a missing file") }
        }
    }
}
