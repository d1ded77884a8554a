import Foundation
import PositioningCore

/// Writes a town's survey, cell reference data, held-out queries and their ground truth into a
/// directory, in the formats the importers and `score-fixes` read.
///
/// Files (all streamed, so memory stays bounded however large the town):
/// - `survey.wigle.csv`: WiGLE 1.4, `WIFI`, `GSM` and `LTE` rows; cell MACs are `MCCMNC_LAC_CID`.
/// - `cells.opencellid.csv`: OpenCellID columns (lon before lat), published positions and ranges.
/// - `queries.jsonl`: one geolocate request per line.
/// - `truth.jsonl`: `{"lat":…,"lng":…,"kind":"wifi"|"cell"}` (with `"offSurvey":true` on the off-survey ones), line for line with the queries.
/// - `walk.trace.jsonl` and `walk.truth.jsonl`: a walk (15 minutes unless `walkDuration` says
///   otherwise) as a replay trace (with GPS drop-outs) and its true positions.
/// - `drive.trace.jsonl` and `drive.truth.jsonl`: an hour's GPS-tagged drive after the survey,
///   for `watch --learn`, and its true positions.
/// - `town.json` and `README.txt`: parameters and counts.
///
/// ```swift
/// let town = Town(TownSpecification(seed: 42, centre: Coordinate(latitude: 52.52, longitude: 13.405)))
/// let summary = try TownWriter(town: town).write(to: "/tmp/town-42")
/// print(summary.surveyWiFiRows, summary.queries)
/// ```
public struct TownWriter: Sendable {
    /// The town to write.
    public let town: Town
    /// Seconds of the walk written as `walk.trace.jsonl`.
    public var walkDuration: Double
    /// Seconds a reading stays in the walk's and the drive's scan results after it was last
    /// heard (`ScanResultCache`; Linux keeps 30); 0, the default, reports each scan's own readings.
    public var scanCache: Double = 0
    /// How the surveyors' app writes the survey's rows (`SurveyLogging`): every scan's, or as the
    /// WiGLE app does.
    public var surveyLogging = SurveyLogging.everyScan

    /// File names inside the output directory.
    public enum FileName {
        /// The WiGLE 1.4 survey.
        public static let survey = "survey.wigle.csv"
        /// The OpenCellID reference cells.
        public static let cells = "cells.opencellid.csv"
        /// Geolocate requests, one per line.
        public static let queries = "queries.jsonl"
        /// True positions of the queries, line for line.
        public static let truth = "truth.jsonl"
        /// Parameters and counts as JSON.
        public static let description = "town.json"
        /// Parameters and counts for people.
        public static let readme = "README.txt"
        /// The walk as a replay trace.
        public static let walkTrace = "walk.trace.jsonl"
        /// True positions of the walk, line for line.
        public static let walkTruth = "walk.truth.jsonl"
        /// The drive as a replay trace, for learning.
        public static let driveTrace = "drive.trace.jsonl"
        /// True positions of the drive, line for line.
        public static let driveTruth = "drive.truth.jsonl"
    }

    /// WiGLE's first line; the engine's WiGLE reader expects this shape.
    public static let wiglePreHeader =
        "WigleWifi-1.4,appRelease=whereabouts-simulate-1,model=Simulated,release=1,device=whereabouts,"
        + "display=synthetic,board=synthetic,brand=Whereabouts"
    /// WiGLE 1.4's column header.
    public static let wigleHeader =
        "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type"
    /// OpenCellID's column header.
    public static let openCellIDHeader =
        "radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal"

    /// Creates a writer for `town` whose walk lasts `walkDuration` seconds (default 15 minutes).
    public init(town: Town, walkDuration: Double = 900) {
        self.town = town
        self.walkDuration = walkDuration
    }

    /// Writes every file into `directory` (created 0700 if missing; existing files replaced).
    /// - Returns: the counts, also written to `town.json`.
    /// - Throws: `SimulationError.cannotWrite` naming the file.
    @discardableResult
    public func write(to directory: String) throws(SimulationError) -> SimulationSummary {
        let started = Date()
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(path: directory, reason: error.localizedDescription)
        }
        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
        var summary = countEmitters()
        try writeSurvey(to: path(FileName.survey), summary: &summary)
        try writeCells(to: path(FileName.cells))
        try writeQueries(queries: path(FileName.queries), truth: path(FileName.truth), summary: &summary)
        summary.walkSamples = try writeWalkTrace(
            trace: path(FileName.walkTrace), truth: path(FileName.walkTruth), duration: walkDuration)
        summary.driveSamples = try writeDriveTrace(trace: path(FileName.driveTrace), truth: path(FileName.driveTruth))
        summary.elapsedSeconds = Date().timeIntervalSince(started)
        try TownDescription(town: town, summary: summary).write(
            json: path(FileName.description), readme: path(FileName.readme))
        return summary
    }

    private func countEmitters() -> SimulationSummary {
        var summary = SimulationSummary()
        summary.routers = town.specification.size.routerCount
        summary.accessPoints = town.accessPoints.count
        for accessPoint in town.accessPoints {
            summary.accessPointsByRole[accessPoint.role, default: 0] += 1
            if accessPoint.isOptedOut { summary.optedOutAccessPoints += 1 }
            if accessPoint.ssid.isEmpty { summary.hiddenAccessPoints += 1 }
            if accessPoint.isMoved && accessPoint.role == .primary { summary.movedRouters += 1 }
        }
        summary.hotspots = town.hotspots.count
        summary.gsmCells = town.cells.count { $0.identity.radio == .gsm }
        summary.lteCells = town.cells.count { $0.identity.radio == .lte }
        return summary
    }

    private func writeSurvey(to path: String, summary: inout SimulationSummary) throws(SimulationError) {
        let file = try BufferedFileWriter(path: path)
        try file.write(TownWriter.wiglePreHeader + "\n" + TownWriter.wigleHeader + "\n")
        let hotspotAddresses = Set(town.hotspots.map(\.bssid))
        let movedAddresses = Set(town.accessPoints.filter(\.isMoved).map(\.bssid))
        let routerAddresses = Set(town.accessPoints.map(\.bssid))
        var altitudeRandom = SeededRandomNumberGenerator(seed: town.specification.seed, stream: 5)
        let authModeForCells = "UNKNOWN;" + town.specification.countryCode
        var log = surveyLogging == .wigleApp ? WigleAppLog() : nil
        try town.forEachSurveyScan { scan throws(SimulationError) in
            summary.surveyScans += 1
            let coordinate = town.coordinate(of: scan.reportedPosition)
            func logged(_ network: AnyHashable, level: Int) -> Bool {
                log?.shouldWrite(phone: scan.surveyorIndex ?? 0, network: network, at: coordinate, time: scan.time, level: level)
                    ?? true
            }
            let altitude = town.specification.altitudeMeters + 3 * altitudeRandom.nextGaussian()
            func writeFix(type: String) throws(SimulationError) {
                file.write(byte: UInt8(ascii: ","))
                file.write(decimal: coordinate.latitude, places: 7)
                file.write(byte: UInt8(ascii: ","))
                file.write(decimal: coordinate.longitude, places: 7)
                file.write(byte: UInt8(ascii: ","))
                file.write(decimal: altitude, places: 1)
                file.write(byte: UInt8(ascii: ","))
                file.write(decimal: scan.reportedAccuracy, places: 1)
                try file.write("," + type)
                try file.endLine()
            }
            for heard in scan.accessPoints where logged(heard.bssid, level: heard.signalStrength) {
                summary.surveyWiFiRows += 1
                if hotspotAddresses.contains(heard.bssid) { summary.surveyHotspotRows += 1 }
                if movedAddresses.contains(heard.bssid) { summary.surveyMovedRows += 1 }
                if heard.ssid.hasSuffix("_nomap") { summary.surveyOptedOutRows += 1 }
                if heard.bssid.isLocallyAdministered && !hotspotAddresses.contains(heard.bssid)
                    && !routerAddresses.contains(heard.bssid) {
                    summary.surveyRandomizedRows += 1
                }
                file.write(macAddress: heard.bssid.rawValue)
                file.write(byte: UInt8(ascii: ","))
                file.write(csvField: heard.ssid)
                file.write(byte: UInt8(ascii: ","))
                file.write(csvField: heard.authMode)
                file.write(byte: UInt8(ascii: ","))
                file.write(timestamp: scan.time)
                file.write(byte: UInt8(ascii: ","))
                file.write(integer: heard.channel)
                file.write(byte: UInt8(ascii: ","))
                file.write(integer: heard.signalStrength)
                try writeFix(type: "WIFI")
            }
            for heard in scan.cells where logged(heard.cell.identity, level: heard.signalStrength) {
                summary.surveyCellRows += 1
                let identity = heard.cell.identity
                file.write(integer: identity.mcc)
                if identity.mnc < 10 { file.write(byte: UInt8(ascii: "0")) }
                file.write(integer: identity.mnc)
                file.write(byte: UInt8(ascii: "_"))
                file.write(integer: identity.area)
                file.write(byte: UInt8(ascii: "_"))
                file.write(integer: identity.cellID)
                file.write(byte: UInt8(ascii: ","))
                file.write(csvField: heard.cell.operatorName)
                file.write(byte: UInt8(ascii: ","))
                file.write(csvField: authModeForCells)
                file.write(byte: UInt8(ascii: ","))
                file.write(timestamp: scan.time)
                file.write(byte: UInt8(ascii: ","))
                file.write(integer: heard.cell.channel)
                file.write(byte: UInt8(ascii: ","))
                file.write(integer: heard.signalStrength)
                try writeFix(type: identity.radio == .gsm ? "GSM" : "LTE")
            }
        }
        try file.flush()
    }

    private func writeCells(to path: String) throws(SimulationError) {
        let file = try BufferedFileWriter(path: path)
        try file.write(TownWriter.openCellIDHeader + "\n")
        let updated = town.specification.surveyStart - 10 * 86_400
        for cell in town.cells {
            let identity = cell.identity
            let coordinate = town.coordinate(of: cell.publishedPosition)
            try file.write(identity.radio == .gsm ? "GSM," : "LTE,")
            for value in [identity.mcc, identity.mnc, identity.area] {
                file.write(integer: value)
                file.write(byte: UInt8(ascii: ","))
            }
            file.write(integer: identity.cellID)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: cell.physicalCellID)
            file.write(byte: UInt8(ascii: ","))
            file.write(decimal: coordinate.longitude, places: 6)
            file.write(byte: UInt8(ascii: ","))
            file.write(decimal: coordinate.latitude, places: 6)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: cell.publishedRange)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: cell.publishedSamples)
            try file.write(",1,")
            file.write(integer: updated - 400 * 86_400 + Int64(cell.index) * 3_600)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: updated)
            try file.write(",0")
            try file.endLine()
        }
        try file.flush()
    }
}
