import PositioningCore

/// The parts of `mmcli -m any -J` the cellular source needs: access technology and state.
public struct ModemManagerModem: Hashable, Sendable {
    /// `modem.generic.access-technologies`, e.g. `["lte"]`.
    public var accessTechnologies: [String]
    /// `modem.generic.state`, e.g. `registered`, `connected`, `disabled`.
    public var state: String?
    /// `modem.3gpp.operator-code`, e.g. `26202`.
    public var operatorCode: String?
    /// `modem.3gpp.operator-name`.
    public var operatorName: String?

    /// Parses the output of `mmcli -m any -J`.
    /// - Throws: `CellularError.malformedOutput` when it is not mmcli modem JSON.
    public static func parse(_ text: some StringProtocol) throws(CellularError) -> ModemManagerModem {
        let json = try MMCLIJSON(text: text)
        guard json.contains("modem.generic") else { throw .malformedOutput("no modem.generic object") }
        return ModemManagerModem(
            accessTechnologies: json.strings("modem.generic.access-technologies"),
            state: json.string("modem.generic.state"),
            operatorCode: json.string("modem.3gpp.operator-code"),
            operatorName: json.string("modem.3gpp.operator-name"))
    }

    /// The radio of the serving cell. With several technologies (5G NSA reports `lte, 5gnr`)
    /// the LTE anchor is the cell ModemManager's 3GPP location describes, so LTE wins over NR.
    public var radio: RadioType? {
        let radios = accessTechnologies.compactMap(Self.radio(forAccessTechnology:))
        for preferred in [RadioType.lte, .nr, .wcdma, .gsm, .cdma] where radios.contains(preferred) {
            return preferred
        }
        return nil
    }

    /// ModemManager's access-technology names (MMModemAccessTechnology, mm-enums.h) by radio.
    static func radio(forAccessTechnology name: String) -> RadioType? {
        switch name.lowercased() {
        case "gsm", "gsm-compact", "gprs", "edge": .gsm
        case "umts", "hsdpa", "hsupa", "hspa", "hspa-plus": .wcdma
        case "lte", "lte-cat-m", "lte-nb-iot": .lte
        case "5gnr": .nr
        case "1xrtt", "evdo0", "evdoa", "evdob": .cdma
        default: nil
        }
    }
}
