/// The radio access technology of a cell.
public enum RadioType: String, Hashable, Sendable, CaseIterable {
    /// 2G GSM. Cell ids are 16 bits.
    case gsm
    /// 3G UMTS/WCDMA (geolocate name `wcdma`; OpenCellID `UMTS`). Cell ids are 28 bits.
    case wcdma
    /// 4G LTE. Area is the tracking area code; cell ids are 28 bits.
    case lte
    /// 5G NR. Area is a 24-bit TAC; cell ids are 36 bits.
    case nr
    /// CDMA. `mnc` holds the SID, `area` the NID and `cellID` the base station id.
    case cdma

    /// Parses the names used by geolocate JSON, OpenCellID/MLS and WiGLE (`GSM`, `UMTS`,
    /// `WCDMA`, `LTE`, `NR`, `CDMA`, any case).
    public init?(name: some StringProtocol) {
        switch name.lowercased() {
        case "gsm": self = .gsm
        case "wcdma", "umts": self = .wcdma
        case "lte": self = .lte
        case "nr", "5g": self = .nr
        case "cdma": self = .cdma
        default: return nil
        }
    }

    /// The radio a cell labelled with this radio really uses, given its cell id: a `gsm` cell
    /// whose id needs more than GSM's 16 bits is a UMTS cell (RNC id << 16 | cell id). Android's
    /// `GsmCellLocation`, and so WiGLE's exports and older clients' geolocate requests, label
    /// UMTS cells `gsm`; the importer and the request parser both apply this one rule so a
    /// request finds the cell the import stored.
    public func normalized(forCellID cellID: Int64) -> RadioType {
        self == .gsm && cellID > 0xFFFF ? .wcdma : self
    }
}
