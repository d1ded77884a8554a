/// What positioning can use from a beacon's or probe response's information elements.
///
/// Parsing is a pure function of the bytes: each element is an id octet, a length octet and
/// that many octets (IEEE 802.11-2020 §9.4.2.1). An element whose declared length runs past the
/// end of the buffer ends the walk; a known element with an impossible length (an SSID longer
/// than 32 bytes, a DS Parameter Set that is not one byte) is skipped. Both are counted in
/// ``malformedCount``; nothing is ever read out of bounds.
///
/// ```swift
/// let elements = InformationElements(bytes: [0, 4] + Array("MOM1".utf8) + [3, 1, 6])
/// elements.ssid?.displayName   // "MOM1"
/// elements.dsChannel           // 6
/// ```
public struct InformationElements: Sendable, Hashable {
    /// The SSID element (id 0); nil when the frame carried none.
    public var ssid: WiFiSSID?
    /// The channel from the DS Parameter Set element (id 3), which 2.4 GHz and most 5 GHz
    /// access points send.
    public var dsChannel: Int?
    /// The two-letter country code from the Country element (id 7), e.g. "DE".
    public var countryCode: String?
    /// The primary channel from the HT Operation element (id 61).
    public var htPrimaryChannel: Int?
    /// Whether an RSN element (id 48) announces WPA2/WPA3 security.
    public var hasRSN: Bool = false
    /// How many well-formed elements were read.
    public var elementCount: Int = 0
    /// How many elements were truncated or had a length their id does not allow.
    public var malformedCount: Int = 0

    /// Element ids (IEEE 802.11-2020 Table 9-92).
    private enum ElementID {
        static let ssid: UInt8 = 0
        static let dsParameterSet: UInt8 = 3
        static let country: UInt8 = 7
        static let rsn: UInt8 = 48
        static let htOperation: UInt8 = 61
    }

    /// Creates an empty set, as for a BSS the kernel reported without elements.
    public init() {}

    /// Parses the concatenated elements of one frame body.
    public init(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            guard offset + 2 <= bytes.count else {
                malformedCount += 1  // a lone id octet without its length
                break
            }
            let id = bytes[offset]
            let length = Int(bytes[offset + 1])
            let start = offset + 2
            guard start + length <= bytes.count else {
                malformedCount += 1  // declared length runs past the buffer
                break
            }
            if read(id: id, body: bytes[start..<start + length]) {
                elementCount += 1
            } else {
                malformedCount += 1
            }
            offset = start + length
        }
    }

    /// Reads one element; returns false when its length is impossible for its id.
    private mutating func read(id: UInt8, body: ArraySlice<UInt8>) -> Bool {
        switch id {
        case ElementID.ssid:
            guard body.count <= 32 else { return false }
            // The first SSID element wins; a second one is ignored (iw does the same).
            if ssid == nil { ssid = WiFiSSID(bytes: body) }
        case ElementID.dsParameterSet:
            guard body.count == 1 else { return false }
            dsChannel = Int(body[body.startIndex])
        case ElementID.country:
            guard body.count >= 3 else { return false }
            let letters = body.prefix(2)
            if letters.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
                countryCode = String(decoding: letters, as: UTF8.self).uppercased()
            }
        case ElementID.rsn:
            guard body.count >= 2 else { return false }
            hasRSN = true
        case ElementID.htOperation:
            guard body.count == 22 else { return false }
            htPrimaryChannel = Int(body[body.startIndex])
        default:
            break
        }
        return true
    }
}
