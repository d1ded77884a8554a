import JSONCodec

/// JSONParser over raw bytes (read in place, so ASan sees any read past the input), with the
/// default depth limit and a small one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = try? JSONParser.parse(bytes)
    _ = try? JSONParser.parse(bytes, maximumDepth: 3)
    return 0
}
