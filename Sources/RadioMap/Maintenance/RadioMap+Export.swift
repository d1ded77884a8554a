import Foundation
import PositioningCore

/// The file formats `RadioMap.export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// WiGLE WiFi 1.4 CSV: pre-header line, column header, one row per sighting.
    case wigle
    /// Ichnaea geosubmit v2 JSON: `{"items":[…]}`, one item per position and moment.
    case geosubmit
}

/// What an export wrote.
public struct ExportSummary: Hashable, Sendable {
    /// Sightings written (raw ones, and one per summary).
    public var sightings = 0
    /// Summaries written as one sighting at their centre (their raw rows were dropped by retention).
    public var summaries = 0

    public init() {}
}

extension RadioMap {
    /// Writes every stored sighting — surveyed, submitted and learned — in `format`, at full
    /// precision, so importing the export into an empty map rebuilds the same access points and
    /// cells. Sightings that retention folded into a summary are written as one sighting at the
    /// summary's centre. Published cells (OpenCellID) and anonymised fingerprints are not
    /// sightings and are not exported: re-import their original files.
    ///
    /// ```swift
    /// var text = ""
    /// try map.export(format: .wigle) { text += $0 }
    /// ```
    /// - Parameter write: Called with successive pieces of the output.
    public func export(format: ExportFormat, to write: (String) throws -> Void) throws(RadioMapError) -> ExportSummary {
        do {
            return try withoutActuallyEscaping(write) { write in try connection.inTransaction(immediate: false) {
                var exporter = SightingExporter(format: format, write: write)
                try exporter.begin()
                let accessPoints = try connection.makeStatement(sql: """
                    SELECT bssid, latitude, longitude, accuracy, signal, time, ssid FROM ap_observations ORDER BY import_id, line
                    """)
                while try accessPoints.step() {
                    try exporter.accessPoint(
                        BSSID(rawValue: UInt64(bitPattern: accessPoints.int64(0))),
                        EmitterReaggregation.observation(from: accessPoints, first: 1, ssid: 6))
                }
                let cells = try connection.makeStatement(sql: """
                    SELECT radio, mcc, mnc, area, cell_id, latitude, longitude, accuracy, signal, time FROM cell_observations
                    ORDER BY import_id, line
                    """)
                while try cells.step() {
                    guard let cell = Self.cellIdentity(cells) else { continue }
                    try exporter.cell(cell, EmitterReaggregation.observation(from: cells, first: 5, ssid: nil))
                }
                // A map from before summaries existed, opened read-only (never migrated), has none.
                guard try connection.hasTable("ap_observation_summaries") else {
                    try exporter.end()
                    return exporter.summary
                }
                let apSummaries = try connection.makeStatement(sql: """
                    SELECT bssid, latitude, longitude, last_seen, ssid FROM ap_observation_summaries ORDER BY import_id, bssid
                    """)
                while try apSummaries.step() {
                    exporter.summary.summaries += 1
                    try exporter.accessPoint(
                        BSSID(rawValue: UInt64(bitPattern: apSummaries.int64(0))),
                        SurveyObservation(
                            position: Coordinate(latitude: apSummaries.double(1), longitude: apSummaries.double(2)),
                            time: apSummaries.optionalDouble(3).map(Date.init(timeIntervalSince1970:)),
                            ssid: apSummaries.text(4)))
                }
                let cellSummaries = try connection.makeStatement(sql: """
                    SELECT radio, mcc, mnc, area, cell_id, latitude, longitude, last_seen FROM cell_observation_summaries
                    ORDER BY import_id
                    """)
                while try cellSummaries.step() {
                    guard let cell = Self.cellIdentity(cellSummaries) else { continue }
                    exporter.summary.summaries += 1
                    try exporter.cell(cell, SurveyObservation(
                        position: Coordinate(latitude: cellSummaries.double(5), longitude: cellSummaries.double(6)),
                        time: cellSummaries.optionalDouble(7).map(Date.init(timeIntervalSince1970:))))
                }
                try exporter.end()
                return exporter.summary
            } }
        } catch let error as RadioMapError {
            throw error
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }
}
