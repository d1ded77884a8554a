import WiFiScanner

/// ScanResultParser.parse over one whole netlink message (nlmsghdr onwards), as the kernel
/// sends it for each BSS of a scan dump.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ScanResultParser.parse(bytes, bootTimeNow: 5_000_000_000)
    return 0
}
