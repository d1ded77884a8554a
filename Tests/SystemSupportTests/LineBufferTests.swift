import Testing

@testable import SystemSupport

@Suite struct LineBufferTests {
    /// Every line of `text` fed in pieces of `pieceSize` bytes, then the last line.
    private static func lines(of text: String, pieceSize: Int) -> [String] {
        let bytes = Array(text.utf8)
        var buffer = LineBuffer()
        var lines: [String] = []
        var offset = 0
        while offset < bytes.count {
            buffer.append(contentsOf: Array(bytes[offset..<min(offset + pieceSize, bytes.count)]))
            offset += pieceSize
            while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        if let last = buffer.finish() { lines.append(String(decoding: last, as: UTF8.self)) }
        return lines
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func crlfAndLfLinesReadAlikeHoweverThePiecesFall(pieceSize: Int) {
        #expect(Self.lines(of: "one\r\ntwo\nthree\r\n", pieceSize: pieceSize) == ["one", "two", "three"])
    }

    @Test(arguments: [1, 4, 1000])
    func aLastLineWithoutNewlineCountsAndAFinalNewlineMakesNoEmptyOne(pieceSize: Int) {
        #expect(Self.lines(of: "a\nb", pieceSize: pieceSize) == ["a", "b"])
        #expect(Self.lines(of: "a\nb\r", pieceSize: pieceSize) == ["a", "b"])
        #expect(Self.lines(of: "a\nb\n", pieceSize: pieceSize) == ["a", "b"])
        #expect(Self.lines(of: "", pieceSize: pieceSize) == [])
    }

    @Test func emptyLinesAndCarriageReturnsInsideALineAreKept() {
        #expect(Self.lines(of: "\n\r\na\rb\n\n", pieceSize: 2) == ["", "", "a\rb", ""])
        #expect(Self.lines(of: "x\r\r\n", pieceSize: 1) == ["x\r"])
    }

    @Test func aLongLineArrivesWholeAcrossManyPieces() {
        let long = String(repeating: "0123456789", count: 200_000)
        let lines = Self.lines(of: "short\n" + long + "\r\nafter", pieceSize: 4096)
        #expect(lines.count == 3)
        #expect(lines[1].utf8.count == 2_000_000 && lines[1] == long)
        #expect(lines[2] == "after")
    }

    @Test func unreadBytesAreCountedForALineLengthLimit() {
        var buffer = LineBuffer()
        buffer.append(contentsOf: Array("abc\ndefg".utf8))
        #expect(buffer.unreadCount == 8)
        _ = buffer.nextLine()
        #expect(buffer.unreadCount == 4)
        #expect(buffer.nextLine() == nil)
        buffer.append(contentsOf: Array("hi".utf8))
        #expect(buffer.unreadCount == 6)
    }

    @Test func aWholeBufferIsSplitInPlaceAndFinishesOnce() {
        var buffer = LineBuffer(Array("a\r\nb".utf8))
        var lines: [String] = []
        while let line = buffer.nextLine() ?? buffer.finish() { lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(lines == ["a", "b"])
        #expect(buffer.finish() == nil)
    }
}
