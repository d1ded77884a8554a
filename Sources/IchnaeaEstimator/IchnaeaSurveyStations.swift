import Foundation
import PositioningCore

/// The stations Ichnaea's own builder makes from a survey: its map, beside ours, for an
/// evaluation that compares map-building as well as locating (`eval --ichnaea-stations built`).
///
/// Every access point and cell the survey sighted becomes the station `IchnaeaStationBuilder`
/// makes from all its sightings at once — as if the whole survey were one upload: Ichnaea's
/// observation weights (signal, GPS accuracy), its raw-degree mean, its bounding-box radius.
/// A station whose sightings spread wider than Ichnaea allows (Wi-Fi 5 km, cells 100 km) is
/// blocked, so it is missing here as it would be from Ichnaea's map. Sequential uploads would
/// differ only by the builder's 10,000 cap on an old station's weight. Published cells
/// (OpenCellID) are not survey stations and are left to the map.
///
/// ```swift
/// let stations = IchnaeaSurveyStations(scans: try map.surveyScans(), now: Date())
/// let answer = IchnaeaEstimator().estimatePosition(from: stations.supplying(input))
/// ```
public struct IchnaeaSurveyStations: Sendable {
    /// Access points as Ichnaea's builder placed them.
    public private(set) var accessPoints: [BSSID: KnownAccessPoint] = [:]
    /// Cells as Ichnaea's builder placed them.
    public private(set) var cells: [CellIdentity: KnownCell] = [:]

    /// Builds a station per emitter the scans sighted; `now` stamps them as Ichnaea's updater
    /// would (it only matters for a station's age).
    public init(scans: [SurveyScan], now: Date) {
        var wifi: [BSSID: [SurveyObservation]] = [:]
        var heard: [CellIdentity: [SurveyObservation]] = [:]
        for scan in scans {
            for (bssid, seen) in scan.accessPoints { wifi[bssid, default: []].append(seen) }
            for (cell, seen) in scan.cells { heard[cell, default: []].append(seen) }
        }
        let wifiBuilder = IchnaeaStationBuilder(kind: .wifi)
        for (bssid, sightings) in wifi {
            guard let station = wifiBuilder.newStation(from: sightings.map(Self.observation), now: now) else { continue }
            let (first, last) = Self.span(of: sightings)
            accessPoints[bssid] = KnownAccessPoint(
                bssid: bssid, coordinate: Coordinate(latitude: station.latitude, longitude: station.longitude),
                radius: Double(station.radius), sampleCount: station.samples, firstSeen: first, lastSeen: last)
        }
        for (identity, sightings) in heard {
            let builder = IchnaeaStationBuilder(kind: .cell(identity.radio))
            guard let station = builder.newStation(from: sightings.map(Self.observation), now: now) else { continue }
            let (first, last) = Self.span(of: sightings)
            cells[identity] = KnownCell(
                identity: identity, coordinate: Coordinate(latitude: station.latitude, longitude: station.longitude),
                radius: Double(station.radius), sampleCount: station.samples, firstSeen: first, lastSeen: last)
        }
    }

    /// `input` with its access points and survey cells replaced by these stations: an emitter
    /// Ichnaea's builder blocked is dropped, one it placed keeps no status of our map (Ichnaea
    /// knows only its blocklist). Published cells, areas and everything else stay as they are.
    public func supplying(_ input: EstimationInput, publishedCells: Set<CellIdentity> = []) -> EstimationInput {
        var input = input
        input.accessPoints = input.accessPoints.compactMapValues { accessPoints[$0.bssid] }
        input.knownCells = input.knownCells.compactMapValues { known in
            publishedCells.contains(known.identity) ? known : cells[known.identity]
        }
        return input
    }

    private static func observation(_ seen: SurveyObservation) -> IchnaeaStationBuilder.Observation {
        IchnaeaStationBuilder.Observation(
            latitude: seen.position.latitude, longitude: seen.position.longitude,
            accuracy: seen.positionAccuracy, signal: seen.signalStrength)
    }

    private static func span(of sightings: [SurveyObservation]) -> (first: Date?, last: Date?) {
        let times = sightings.compactMap(\.time)
        return (times.min(), times.max())
    }
}
