/// Recognises a survey file's format from its first records.
public enum SurveyFormatDetector {
    /// Why a file is not a survey Whereabouts can import.
    public struct Rejection: Error, Hashable, Sendable, CustomStringConvertible {
        /// A one-line reason, e.g. `unknown header "id,name"`.
        public var reason: String
        public var description: String { reason }
    }

    /// The format of a file whose first records are `first` and `second` (nil when it has only
    /// one line).
    ///
    /// WiGLE: the first line starts `WigleWifi-1.` and the second is the column header naming at
    /// least `MAC`, `CurrentLatitude` and `CurrentLongitude` — or the first line is that header.
    /// OpenCellID/MLS: the header names `radio,mcc,net,area,cell` and `lon,lat` — or there is no
    /// header and the first line has the shape of an OpenCellID row (a radio name, then four
    /// integers, 13–14 fields). Local NLP Backend: the first line is `database v4`. NeoStumbler and
    /// microG: their own column names. Kismet's tab-separated device (or packet) export: its
    /// header, or a row of its shape. Observation log: a BSSID, a position and a signal column
    /// (before the AP list, which has no signal). AP list: a BSSID column and latitude/longitude.
    /// - Throws: `Rejection` naming what was found instead.
    public static func detect(first: CSVRecord, second: CSVRecord?) throws(Rejection) -> SurveyFormat {
        let lead = first.fields.first ?? ""
        if lead.hasPrefix("WigleWifi-1.") {
            guard let second, WigleRowParser.isHeader(second) else {
                throw Rejection(reason: "WiGLE file without its column header on line 2")
            }
            return .wigle
        }
        // WiGLE's columns under a plain header, without WiGLE's own first line: several exports
        // merged into one table, with columns of their own beside (they are ignored).
        if WigleRowParser.isHeader(first) {
            return .wigle
        }
        if KismetExportRowParser.isExport(first) {
            return .kismet
        }
        if LocalNLPRowParser.isPreamble(first) {
            return .lnb
        }
        if NeoStumblerRowParser.isHeader(first) {
            return .neostumbler
        }
        if MicroGRowParser.isHeader(first) {
            return .microg
        }
        if OpenCellIDRowParser.isHeader(first) || OpenCellIDRowParser.looksLikeRow(first) {
            return .opencellid
        }
        if FingerprintTableRowParser.isHeader(first) {
            return .fingerprints
        }
        // A BSSID and a position with a signal column is a log of hearings, not a list.
        if ScanLogRowParser.isHeader(first) {
            return .scanlog
        }
        if AccessPointListRowParser.isHeader(first) {
            return .aplist
        }
        let shown = String(first.fields.joined(separator: ",").prefix(60))
        throw Rejection(reason: "unknown header \"\(shown)\"")
    }

    /// Whether `bytes` (the start of a file) look binary: a NUL byte, which no CSV holds.
    public static func looksBinary(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains(0)
    }
}
