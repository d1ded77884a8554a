import PositioningCore

/// What `mmcli -m any --location-get -J` reports: the serving cell (3GPP) and, on modems with
/// a GNSS, a raw GPS position.
///
/// Parsing is a pure function of the text (mmcli 1.20, cli/mmcli-modem-location.c): every value
/// is a string, missing ones are `"--"`; LAC (`%04lX`), TAC (`%06lX`) and cell id (`%08lX`) are
/// upper-case zero-padded hex; MNC keeps its leading zero; GPS values are printed with `%lf`,
/// so some locales give a comma decimal separator (`"37,123039"`).
///
/// ```swift
/// let location = try ModemManagerLocation.parse(output)
/// let cell = try location.cellObservation(radio: .lte)
/// ```
public struct ModemManagerLocation: Hashable, Sendable {
    /// Mobile country code, nil when 3GPP location is not enabled or not registered.
    public var mcc: Int?
    /// Mobile network code (`"01"` reads as 1).
    public var mnc: Int?
    /// Location area code (GSM/UMTS); on LTE usually `0000` or `FFFE`.
    public var lac: Int?
    /// Tracking area code (LTE/NR).
    public var tac: Int?
    /// Cell identity (28-bit E-UTRAN cell id on LTE).
    public var cellID: Int64?
    /// The modem's own GNSS position, if it has one and reports it.
    public var gps: GPSPosition?
    /// Raw NMEA sentences from the modem's GNSS (`gps.nmea`), possibly empty.
    public var nmea: [String]

    /// A position from the modem's GNSS (`modem.location.gps`).
    public struct GPSPosition: Hashable, Sendable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double
        /// Metres; nil when not reported.
        public var altitude: Double?
    }

    /// Parses the output of `mmcli -m any --location-get -J`.
    /// - Throws: `CellularError.malformedOutput` when it is not mmcli location JSON or a
    ///   present field is not a number of the expected kind.
    public static func parse(_ text: some StringProtocol) throws(CellularError) -> ModemManagerLocation {
        let json = try MMCLIJSON(text: text)
        guard json.contains("modem.location") else {
            throw .malformedOutput("no modem.location object")
        }
        let prefix = "modem.location.3gpp."
        var location = ModemManagerLocation(nmea: json.strings("modem.location.gps.nmea"))
        location.mcc = try decimal(json.string(prefix + "mcc"), "mcc")
        location.mnc = try decimal(json.string(prefix + "mnc"), "mnc")
        location.lac = try hex(json.string(prefix + "lac"), "lac").map(Int.init)
        location.tac = try hex(json.string(prefix + "tac"), "tac").map(Int.init)
        location.cellID = try hex(json.string(prefix + "cid"), "cid")
        if let latitude = try localeDecimal(json.string("modem.location.gps.latitude"), "gps latitude"),
            let longitude = try localeDecimal(json.string("modem.location.gps.longitude"), "gps longitude"),
            Coordinate(validating: latitude, longitude) != nil
        {
            location.gps = GPSPosition(
                latitude: latitude, longitude: longitude,
                altitude: try localeDecimal(json.string("modem.location.gps.altitude"), "gps altitude"))
        }
        return location
    }

    /// Whether the 3GPP part holds a serving cell (MCC, MNC, cell id and an area code).
    public var hasServingCell: Bool {
        mcc != nil && mnc != nil && cellID != nil && (usable(tac) != nil || usable(lac) != nil)
    }

    /// The radio this report most likely describes when the modem's access technology is not
    /// known: a TAC means LTE, else a LAC means GSM/UMTS (assumed UMTS when the cell id needs
    /// more than 16 bits).
    public var inferredRadio: RadioType? {
        if usable(tac) != nil { return .lte }
        guard usable(lac) != nil, let cellID else { return nil }
        return RadioType.gsm.normalized(forCellID: cellID)
    }

    /// The serving cell as an observation. LTE and NR use the TAC as the area (falling back to
    /// the LAC, which ModemManager shows before registration completes); GSM and UMTS the LAC.
    /// - Throws: `CellularError.unavailable` when 3GPP location is not enabled or the modem is
    ///   not registered (all fields `--`), `.malformedOutput` when the identity is out of range.
    public func cellObservation(radio: RadioType? = nil) throws(CellularError) -> CellObservation {
        guard hasServingCell, let mcc, let mnc, let cellID, let radio = radio ?? inferredRadio else {
            throw Self.locationNotEnabled
        }
        let area: Int?
        switch radio {
        case .lte, .nr: area = usable(tac) ?? usable(lac)
        case .gsm, .wcdma, .cdma: area = usable(lac) ?? usable(tac)
        }
        guard let area else { throw Self.locationNotEnabled }
        do {
            return CellObservation(identity: try CellIdentity(radio: radio, mcc: mcc, mnc: mnc, area: area, cellID: cellID))
        } catch {
            throw .malformedOutput("serving cell: \(error.reason)")
        }
    }

    static let locationNotEnabled = CellularError.unavailable(
        reason: "the modem reports no serving cell: 3GPP location gathering is off or the modem is not registered",
        remedy: "enable it with `mmcli -m any --location-enable-3gpp` and check registration with `mmcli -m any`")

    /// 0 and 0xFFFE (and 0xFFFFFE for TACs) are reserved "no valid area" values (3GPP TS 23.003).
    private func usable(_ area: Int?) -> Int? {
        guard let area, area != 0, area != 0xFFFE, area != 0xFFFFFE else { return nil }
        return area
    }

    private static func decimal(_ text: String?, _ field: String) throws(CellularError) -> Int? {
        guard let text else { return nil }
        guard text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text) else {
            throw .malformedOutput("\(field) '\(text)' is not a decimal number")
        }
        return value
    }

    private static func hex(_ text: String?, _ field: String) throws(CellularError) -> Int64? {
        guard let text else { return nil }
        guard text.count <= 15, let value = Int64(text, radix: 16) else {
            throw .malformedOutput("\(field) '\(text)' is not hexadecimal")
        }
        return value
    }

    /// A decimal printed by `%lf` in any locale: `37.123039` or `37,123039`.
    private static func localeDecimal(_ text: String?, _ field: String) throws(CellularError) -> Double? {
        guard let text else { return nil }
        let normalized = text.contains(".") ? text : text.replacingOccurrences(of: ",", with: ".")
        guard let value = Double(normalized), value.isFinite else {
            throw .malformedOutput("\(field) '\(text)' is not a number")
        }
        return value
    }
}

extension ModemManagerLocation {
    init(nmea: [String]) {
        self.nmea = nmea
    }
}
