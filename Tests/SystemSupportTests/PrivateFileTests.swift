import Foundation
import Testing
import TestSupport

@testable import SystemSupport

@Suite struct PrivateFileTests {
    static func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    static func entries(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test func aNewFileHoldsTheBytesAndOnlyItsOwnerMayReadIt() throws {
        let directory = TemporaryDirectory("private-file")
        let path = directory.path("fix.svg")
        try PrivateFile.write(Array("<svg/>".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<svg/>")
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.entries(directory) == ["fix.svg"], "no partial file is left beside it")
    }

    @Test func aFileReadableByOthersIsReplacedByAPrivateOne() throws {
        let directory = TemporaryDirectory("private-file")
        let path = directory.path("answers.jsonl")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old, and long enough to show\n".utf8),
                                               attributes: [.posixPermissions: 0o644]))
        try PrivateFile.write(Array("new\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try Self.mode(path) == 0o600)
    }

    @Test func aPathThatCannotBeWrittenThrowsAndLeavesEverythingAsItWas() throws {
        let directory = TemporaryDirectory("private-file")
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try PrivateFile.write([1, 2, 3], to: directory.path("missing/plot.svg"))
        }
        // A directory where the file should go: the rename fails, the directory keeps its
        // entry, and the bytes written beside it are removed.
        let occupied = directory.path("plot.svg")
        try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: occupied + "/inside", contents: Data("kept".utf8)))
        #expect(throws: Errno.self) { try PrivateFile.write([1, 2, 3], to: occupied) }
        #expect(try Self.entries(directory) == ["plot.svg"])
        #expect(try String(contentsOfFile: occupied + "/inside", encoding: .utf8) == "kept")
    }
}
