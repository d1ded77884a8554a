import Foundation
import JSONCodec

extension GeosubmitItemParser {
    /// An item of Ichnaea's v0 submit API (`POST /v1/submit`), which GeoClue 2.6 uploads, in
    /// the v2 shape the parser reads; nil when `item` is not one.
    ///
    /// GeoClue 2.6 (`gclue_mozilla_create_submit_query`) writes `{"lat","lon","accuracy",
    /// "altitude","time":"2026-12-02T10:04:05+01","radioType":"gsm","wifi":[{"key","signal",
    /// "frequency"}],"cell":[{"radio","cid","mcc","mnc","lac"}]}`; Ichnaea's v0 schema adds
    /// `altitude_accuracy`, `heading`, `speed`, `radio` on the item, `channel` and
    /// `signalToNoiseRatio` on access points, `psc`, `asu`, `signal` and `ta` on cells.
    static func version2Item(fromVersion0 object: JSONObject) -> JSONObject? {
        guard object["lat"] != nil, object["position"] == nil, object["latitude"] == nil else { return nil }
        var position = JSONObject()
        for (from, to) in [("lat", "latitude"), ("lon", "longitude"), ("accuracy", "accuracy"), ("altitude", "altitude"),
                           ("altitude_accuracy", "altitudeAccuracy"), ("heading", "heading"), ("speed", "speed")] {
            if let value = object[from] { position.append(key: to, value: value) }
        }
        var item: JSONObject = ["position": .object(position)]
        if let text = object["time"]?.stringValue, let time = Self.version0Time(text) {
            item.append(key: "timestamp", value: .number((time.timeIntervalSince1970 * 1000).rounded()))
        }
        if let wifi = object["wifi"]?.arrayValue {
            item.append(key: "wifiAccessPoints", value: .array(wifi.map { entry in
                renamed(entry, [("key", "macAddress"), ("signal", "signalStrength"), ("frequency", "frequency"),
                                ("channel", "channel"), ("signalToNoiseRatio", "signalToNoiseRatio")])
            }))
        }
        if let cells = object["cell"]?.arrayValue {
            let itemRadio = object["radio"] ?? object["radioType"]
            item.append(key: "cellTowers", value: .array(cells.map { entry in
                var cell = renamed(entry, [("radio", "radioType"), ("mcc", "mobileCountryCode"), ("mnc", "mobileNetworkCode"),
                                           ("lac", "locationAreaCode"), ("cid", "cellId"), ("psc", "primaryScramblingCode"),
                                           ("asu", "asu"), ("signal", "signalStrength"), ("ta", "timingAdvance")])
                guard case .object(var fields) = cell else { return cell }
                if fields["radioType"] == nil, let itemRadio { fields.append(key: "radioType", value: itemRadio) }
                // v0 calls WCDMA "umts" (Ichnaea's v0 schema); the geolocate API knows it as wcdma.
                if let index = fields.members.firstIndex(where: { $0.key == "radioType" }),
                   fields.members[index].value.stringValue?.lowercased() == "umts" {
                    fields.members[index].value = "wcdma"
                }
                cell = .object(fields)
                return cell
            }))
        }
        return item
    }

    /// `entry`'s fields under their v2 names (an entry that is not an object as it is, for
    /// the geolocate parser to refuse).
    private static func renamed(_ entry: JSONValue, _ names: [(String, String)]) -> JSONValue {
        guard case .object(let fields) = entry else { return entry }
        var result = JSONObject()
        for (from, to) in names {
            if let value = fields[from] { result.append(key: to, value: value) }
        }
        return .object(result)
    }

    /// A v0 `time`: ISO 8601 date and time with an optional fraction and a zone of `Z`, `±hh`,
    /// `±hhmm` or `±hh:mm` (GeoClue's `%:::z` writes `+01`, or `+05:30`); no zone is UTC.
    static func version0Time(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            var value = 0
            for byte in characters[range] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard characters.count >= 19, characters[4] == 0x2D, characters[7] == 0x2D,
              characters[10] == 0x54 || characters[10] == 0x20, characters[13] == 0x3A, characters[16] == 0x3A,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var index = 19
        var fraction = 0.0
        if index < characters.count, characters[index] == 0x2E {
            var scale = 0.1
            index += 1
            while index < characters.count, characters[index] >= 0x30 && characters[index] <= 0x39 {
                fraction += Double(characters[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if index < characters.count {
            let sign = characters[index]
            if sign == 0x5A, index + 1 == characters.count {
                offset = 0
            } else if sign == 0x2B || sign == 0x2D {
                let zone = Array(characters[(index + 1)...]).filter { $0 != 0x3A }
                guard zone.count == 2 || zone.count == 4,
                      let hours = Int(String(decoding: zone.prefix(2), as: UTF8.self)),
                      let minutes = zone.count == 4 ? Int(String(decoding: zone.suffix(2), as: UTF8.self)) : 0,
                      hours <= 14, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
            } else {
                return nil
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60,
              let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }
}
