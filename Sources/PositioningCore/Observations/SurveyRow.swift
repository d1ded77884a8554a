/// What one valid survey row says.
public enum SurveyRow: Hashable, Sendable {
    /// An access point heard at the surveyor's position (WiGLE `WIFI`).
    case accessPoint(BSSID, SurveyObservation)
    /// A cell heard at the surveyor's position (WiGLE `GSM`, `WCDMA`, `LTE`, `NR`, `CDMA`).
    case cellObservation(CellIdentity, SurveyObservation)
    /// A cell with a position already aggregated by its publisher (OpenCellID/MLS).
    case publishedCell(KnownCell)
    /// The access points heard at one surveyed spot (UJIIndoorLoc fingerprint tables).
    case fingerprint(Fingerprint)
}
