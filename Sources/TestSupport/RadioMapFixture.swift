import Foundation
import PositioningCore

/// A small synthetic radio map: access points placed by distance and bearing from a point.
///
/// ```swift
/// var map = RadioMapFixture()
/// for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
/// let fix = WhereaboutsEstimator().estimatePosition(from: map.input)
/// ```
public struct RadioMapFixture {
    /// Where distances and bearings are measured from (the truth of `input`).
    public var origin = Coordinate(latitude: 32.105, longitude: 35.195)
    /// What the query hears, in the order added.
    public var wifi: [WiFiObservation] = []
    /// What the map knows of the access points.
    public var accessPoints: [BSSID: KnownAccessPoint] = [:]
    /// The cells the query hears.
    public var cells: [CellObservation] = []
    /// What the map knows of the cells.
    public var knownCells: [CellIdentity: KnownCell] = [:]
    /// What the map knows of the cells' areas.
    public var areas: [AreaIdentity: KnownArea] = [:]
    private var nextRouter: UInt64 = 1

    /// An empty map around `origin`.
    public init(origin: Coordinate = Coordinate(latitude: 32.105, longitude: 35.195)) {
        self.origin = origin
    }

    /// A fresh manufacturer address for a distinct router.
    public mutating func newBSSID() -> BSSID {
        defer { nextRouter += 1 }
        return BSSID(rawValue: 0x0011_2200_0000 | nextRouter << 8)
    }

    /// Adds a heard access point `metres` from the origin; returns its BSSID.
    @discardableResult
    public mutating func addAccessPoint(
        _ metres: Double, bearing: Double = 0, signal: Double = -70, radius: Double = 50, samples: Int = 10,
        status: EmitterStatus = .usable, ssid: String? = nil, bssid: BSSID? = nil, known: Bool = true
    ) -> BSSID {
        let bssid = bssid ?? newBSSID()
        wifi.append(WiFiObservation(bssid: bssid, signalStrength: signal, ssid: ssid))
        if known {
            accessPoints[bssid] = KnownAccessPoint(
                bssid: bssid, coordinate: point(metres, bearing: bearing), radius: radius, sampleCount: samples,
                status: status)
        }
        return bssid
    }

    /// Adds a heard cell; a known one sits `metres` from the origin with range `radius`, placed
    /// by `sightings` survey sightings.
    public mutating func addCell(
        _ cellID: Int64, at metres: Double? = 0, bearing: Double = 0, radius: Double = 1_000, sightings: Int = 20
    ) throws {
        let identity = try CellIdentity(radio: .lte, mcc: 425, mnc: 1, area: 500, cellID: cellID)
        cells.append(CellObservation(identity: identity, signalStrength: -90))
        if let metres {
            knownCells[identity] = KnownCell(
                identity: identity, coordinate: point(metres, bearing: bearing), radius: radius, sampleCount: sightings)
        }
    }

    /// The position `metres` from the origin towards `bearing` (degrees from north).
    public func point(_ metres: Double, bearing: Double = 0) -> Coordinate {
        Geodesy.destination(from: origin, distance: metres, bearing: bearing)
    }

    /// The query and what the map knows of it, at a fixed time.
    public var input: EstimationInput {
        EstimationInput(
            wifi: wifi, cells: cells, accessPoints: accessPoints, knownCells: knownCells, areas: areas,
            now: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// Why `estimate` set `bssid` aside, or nil when it did not.
    public func reason(for bssid: BSSID, in estimate: PositionEstimate) -> RejectionReason? {
        estimate.rejected.first { $0.emitter == .accessPoint(bssid) }?.reason
    }
}
