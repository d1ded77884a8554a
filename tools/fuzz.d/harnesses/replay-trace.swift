import PositioningCore
import SurveyFormats

/// ReplayTrace.parse: whole traces (JSON lines with time, wifiAccessPoints, cellTowers, gnss).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let samples = try? ReplayTrace.parse(text) {
        // What was read writes back as lines that read back.
        for sample in samples { _ = try? ReplayTrace.parseLine(ReplayTrace.line(for: sample), lineNumber: 1) }
    }
    return 0
}
