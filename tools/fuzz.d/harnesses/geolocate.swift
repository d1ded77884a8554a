import PositioningCore
import SurveyFormats

/// GeolocateRequest.parse: the token-level fast path and, when it gives up, the document path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = try? GeolocateRequest.parse(bytes)
    return 0
}
