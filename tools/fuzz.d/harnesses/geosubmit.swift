import PositioningCore
import SurveyFormats

/// Geosubmit JSON: GeosubmitReader fed in chunks whose size the first byte chooses (so tokens
/// and items are cut at every place), with an item limit the second byte chooses, and
/// GeosubmitItemParser over every item it yields — what the importer does with a document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let chunk = bytes.isEmpty ? 1 : Int(bytes[0] % 64) + 1
    let itemLimit = bytes.count > 1 && bytes[1] & 1 == 1 ? Int(bytes[1]) * 4 : 16 << 20
    var reader = GeosubmitReader(maximumItemLength: itemLimit)
    var start = 0
    func drain() -> Bool {
        while true {
            do {
                guard let item = try reader.nextItem() else { return true }
                _ = try? GeosubmitItemParser.rows(from: item.value)
            } catch {
                return false  // the reader cannot continue after an error
            }
        }
    }
    while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        reader.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        guard drain() else { return 0 }
        start = end
    }
    reader.finish()
    _ = drain()
    return 0
}
