import PositioningCore

/// Reads typed values out of a sentence's fields; empty or absent fields read as nil.
///
/// Every failure names the sentence and the field, so a counted parse error says what was wrong.
struct NMEAFieldReader {
    let sentence: String
    let fields: [String]

    /// The raw text of field `index`, or nil when it is empty or beyond the end.
    func text(_ index: Int) -> String? {
        guard index < fields.count else { return nil }
        let value = fields[index].trimmingSpaces
        return value.isEmpty ? nil : value
    }

    func double(_ index: Int, _ name: String) throws(NMEAError) -> Double? {
        guard let text = text(index) else { return nil }
        guard let value = Double(text), value.isFinite else { throw malformed(name, text) }
        return value
    }

    func integer(_ index: Int, _ name: String) throws(NMEAError) -> Int? {
        guard let text = text(index) else { return nil }
        guard let value = Int(text) else { throw malformed(name, text) }
        return value
    }

    func character(_ index: Int) -> Character? {
        text(index)?.first
    }

    /// `hhmmss[.sss]` as seconds since midnight UTC.
    func timeOfDay(_ index: Int) throws(NMEAError) -> Double? {
        guard let text = text(index) else { return nil }
        let digits = Array(text.utf8)
        guard digits.count >= 6, digits.prefix(6).allSatisfy({ (48...57).contains($0) }),
            let hours = Int(text.prefix(2)), let minutes = Int(text.dropFirst(2).prefix(2)),
            let seconds = Double(text.dropFirst(4)),
            hours < 24, minutes < 60, seconds < 61
        else { throw malformed("time", text) }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// `ddmmyy` (RMC) as a calendar date; two-digit years < 80 are 20xx. A malformed date
    /// reads as nil rather than failing the sentence: receivers with a checksum-valid RMC and
    /// a corrupt date (gpsd's april6_2019.log) still send a good position.
    func date(_ index: Int) -> NMEADate? {
        guard let text = text(index), text.count == 6, text.allSatisfy(\.isASCII),
            text.utf8.allSatisfy({ (48...57).contains($0) }),
            let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
            let year = Int(text.dropFirst(4))
        else { return nil }
        let date = NMEADate(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
        return date.isPlausible ? date : nil
    }

    /// A latitude/longitude pair starting at `index` (`ddmm.mmmm,N,dddmm.mmmm,E`), or nil when
    /// the fields are empty.
    func coordinate(_ index: Int) throws(NMEAError) -> Coordinate? {
        guard let latitudeText = text(index), let longitudeText = text(index + 2) else { return nil }
        let latitude = try degrees(latitudeText, hemisphere: text(index + 1), positive: "N", negative: "S", limit: 90, "latitude")
        let longitude = try degrees(longitudeText, hemisphere: text(index + 3), positive: "E", negative: "W", limit: 180, "longitude")
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `[d]ddmm.mmmm` plus a hemisphere letter as signed decimal degrees.
    private func degrees(
        _ text: String, hemisphere: String?, positive: String, negative: String, limit: Double, _ name: String
    ) throws(NMEAError) -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else { throw malformed(name, text) }
        let whole = (value / 100).rounded(.down)
        let minutes = value - whole * 100
        let magnitude = whole + minutes / 60
        guard minutes < 60, magnitude <= limit else { throw malformed(name, text) }
        switch hemisphere {
        case positive: return magnitude
        case negative: return -magnitude
        default: throw malformed("\(name) hemisphere", hemisphere ?? "")
        }
    }

    func malformed(_ field: String, _ value: String) -> NMEAError {
        .malformedField(sentence: sentence, field: field, value: value)
    }
}

extension String {
    var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }
}
