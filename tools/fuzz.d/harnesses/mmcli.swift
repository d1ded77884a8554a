import Cellular

/// `mmcli -J` output: ModemManagerLocation.parse and its cell observation, ModemManagerModem.parse.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let location = try? ModemManagerLocation.parse(text) {
        _ = try? location.cellObservation()
    }
    if let modem = try? ModemManagerModem.parse(text) { _ = modem.radio }
    return 0
}
