import Testing

@testable import RadioMap

@Suite struct SHA256Tests {
    static func digest(_ bytes: [UInt8], chunkSize: Int = 1000) -> String {
        let hash = SHA256()
        var index = 0
        while index < bytes.count {
            hash.update(Array(bytes[index..<min(index + chunkSize, bytes.count)]))
            index += chunkSize
        }
        return hash.finalize()
    }

    // FIPS 180-4 / NIST CSRC example vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func standardVectors(message: String, expected: String) {
        #expect(Self.digest(Array(message.utf8)) == expected)
    }

    @Test(arguments: [1, 63, 64, 65, 4096])
    func millionAsInAnyChunking(chunkSize: Int) {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Self.digest(million, chunkSize: chunkSize * 97)
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
