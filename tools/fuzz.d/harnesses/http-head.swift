import GeolocateServer

/// HTTP request heads: HTTPRequestHeadParser over the whole input with the default limits and
/// with small ones, and HTTPConnectionState fed the input in chunks whose size the first byte
/// chooses (keep-alive, pipelining, bodies, `100-continue`), as a connection receives it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    _ = try? HTTPRequestHeadParser.parse(bytes)
    let small = HTTPRequestHeadParser.Limits(headBytes: 64, bodyBytes: 16)
    _ = try? HTTPRequestHeadParser.parse(bytes, limits: small)

    let chunk = bytes.isEmpty ? 1 : Int(bytes[0] % 32) + 1
    var state = HTTPConnectionState(limits: bytes.count > 1 && bytes[1] & 1 == 1 ? small : .init())
    var start = 0
    while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        state.receive(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        start = end
        events: while true {
            switch state.next() {
            case .needMore: break events
            case .sendContinue: continue
            case .request(let head, _):
                _ = (head.path, head.keepsAlive, head.expectsContinue, head.value(of: "content-type"))
            case .failure(let error):
                _ = (error.statusCode, error.reason, error.description)
                return 0  // the server answers and closes
            }
        }
    }
    _ = state.hasPartialRequest
    return 0
}
