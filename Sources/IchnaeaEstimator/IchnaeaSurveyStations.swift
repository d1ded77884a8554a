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
/// let published = Set(try map.publishedCells().keys)
/// let stations = IchnaeaSurveyStations(scans: try map.surveyScans(), publishedCells: published, now: Date())
/// let answer = IchnaeaEstimator().estimatePosition(from: stations.supplying(input))
/// ```
public struct IchnaeaSurveyStations: Sendable {
    /// Access points as Ichnaea's builder placed them.
    public private(set) var accessPoints: [BSSID: KnownAccessPoint] = [:]
    /// Survey cells as Ichnaea's builder placed them (published ones are not among them).
    public private(set) var cells: [CellIdentity: KnownCell] = [:]
    /// Cells the map knows from published reference data, which `supplying(_:)` leaves as they are.
    public let publishedCells: Set<CellIdentity>

    /// Builds a station per emitter the scans sighted, except the `publishedCells`; `now`
    /// stamps them as Ichnaea's updater would (it only matters for a station's age).
    public init(scans: [SurveyScan], publishedCells: Set<CellIdentity> = [], now: Date) {
        self.publishedCells = publishedCells
        var wifi: [BSSID: [SurveyObservation]] = [:]
        var heard: [CellIdentity: [SurveyObservation]] = [:]
        for scan in scans {
            for (bssid, seen) in scan.accessPoints { wifi[bssid, default: []].append(seen) }
            for (cell, seen) in scan.cells where !publishedCells.contains(cell) { heard[cell, default: []].append(seen) }
        }
        for (bssid, sightings) in wifi {
            guard let station = Self.station(.wifi, from: sightings, now: now) else { continue }
            accessPoints[bssid] = KnownAccessPoint(
                bssid: bssid, coordinate: station.coordinate, radius: station.radius, sampleCount: station.samples,
                firstSeen: station.first, lastSeen: station.last)
        }
        for (identity, sightings) in heard {
            guard let station = Self.station(.cell(identity.radio), from: sightings, now: now) else { continue }
            cells[identity] = KnownCell(
                identity: identity, coordinate: station.coordinate, radius: station.radius, sampleCount: station.samples,
                firstSeen: station.first, lastSeen: station.last)
        }
    }

    /// `input` with its access points and survey cells replaced by these stations: an emitter
    /// Ichnaea's builder blocked is dropped, one it placed keeps no status of our map (Ichnaea
    /// knows only its blocklist). Published cells, areas and everything else stay as they are.
    public func supplying(_ input: EstimationInput) -> EstimationInput {
        var input = input
        input.accessPoints = input.accessPoints.compactMapValues { accessPoints[$0.bssid] }
        input.knownCells = input.knownCells.compactMapValues { known in
            publishedCells.contains(known.identity) ? known : cells[known.identity]
        }
        return input
    }

    /// The station Ichnaea's builder makes of one emitter's sightings, with the first and last
    /// time it was sighted; nil when the builder blocks it.
    private static func station(
        _ kind: IchnaeaObservationWeight.StationKind, from sightings: [SurveyObservation], now: Date
    ) -> (coordinate: Coordinate, radius: Double, samples: Int, first: Date?, last: Date?)? {
        let observations = sightings.map {
            IchnaeaStationBuilder.Observation(
                latitude: $0.position.latitude, longitude: $0.position.longitude,
                accuracy: $0.positionAccuracy, signal: $0.signalStrength)
        }
        guard let station = IchnaeaStationBuilder(kind: kind).newStation(from: observations, now: now) else { return nil }
        let times = sightings.compactMap(\.time)
        return (Coordinate(latitude: station.latitude, longitude: station.longitude), Double(station.radius),
                station.samples, times.min(), times.max())
    }
}
