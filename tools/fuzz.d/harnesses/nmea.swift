import GNSS

/// NMEA: each line through NMEASentence.parse, the whole input through NMEAStreamDecoder in
/// chunks the first byte chooses, and the sentences through the fix assembler.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for line in bytes.split(separator: UInt8(ascii: "\n")).prefix(16) {
        _ = try? NMEASentence.parse(bytes: line)
    }
    _ = try? NMEASentence.parse(String(decoding: bytes, as: UTF8.self))
    var decoder = NMEAStreamDecoder()
    var assembler = NMEAFixAssembler()
    let chunk = bytes.isEmpty ? 1 : Int(bytes[0] % 64) + 1
    var start = 0
    while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        for sentence in decoder.decode(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
            _ = assembler.consume(sentence)
        }
        start = end
    }
    for sentence in decoder.finish() { _ = assembler.consume(sentence) }
    _ = assembler.finish()
    return 0
}
