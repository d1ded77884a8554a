import GNSS

/// GPSDMessage.parse over one line of gpsd's JSON protocol (as the client decodes it: lossy UTF-8).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? GPSDMessage.parse(line)
    return 0
}
