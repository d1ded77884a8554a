import JSONCodec
import PositioningCore

extension JSONWriter {
    /// Writes an emitter's identifier as a string; a BSSID goes straight into the buffer,
    /// without a `String` (it needs no escaping).
    mutating func write(_ emitter: EmitterID) {
        guard case .accessPoint(let bssid) = emitter else { return write(emitter.description) }
        writeUnescapedString { bssid.appendText(to: &$0) }
    }
}
