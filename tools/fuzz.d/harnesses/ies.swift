import WiFiScanner

/// InformationElements(bytes:) over the raw elements of a beacon or probe response, read in place.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let elements = InformationElements(bytes: UnsafeBufferPointer(start: data, count: size))
    _ = elements.ssid
    return 0
}
