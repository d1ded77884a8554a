import Foundation

/// Turns an emitter's survey observations into the radio map's estimate of where it is.
///
/// Placeholder: a plain spherical mean. The estimators work replaces it with the signal- and
/// accuracy-weighted version, moved/travelling detection and robust radii.
public enum EmitterAggregator {
    /// The access point's position, radius and status from all its observations, or nil when
    /// there are none.
    public static func aggregateAccessPoint(
        _ bssid: BSSID, observations: [SurveyObservation]
    ) -> KnownAccessPoint? {
        guard let centre = Geodesy.mean(observations.map(\.position)) else { return nil }
        let radius = observations.map { Geodesy.distance(from: centre, to: $0.position) }.max() ?? 0
        return KnownAccessPoint(
            bssid: bssid, coordinate: centre, radius: max(radius, 10), sampleCount: observations.count,
            firstSeen: observations.compactMap(\.time).min(), lastSeen: observations.compactMap(\.time).max(),
            ssid: observations.last?.ssid)
    }

    /// The cell's position, radius and status from all its observations, or nil when there are none.
    public static func aggregateCell(
        _ identity: CellIdentity, observations: [SurveyObservation]
    ) -> KnownCell? {
        guard let centre = Geodesy.mean(observations.map(\.position)) else { return nil }
        let radius = observations.map { Geodesy.distance(from: centre, to: $0.position) }.max() ?? 0
        return KnownCell(
            identity: identity, coordinate: centre, radius: max(radius, 500), sampleCount: observations.count,
            firstSeen: observations.compactMap(\.time).min(), lastSeen: observations.compactMap(\.time).max())
    }

    /// The area's centroid and a radius covering its cells and their ranges.
    public static func aggregateArea(_ identity: AreaIdentity, cells: [KnownCell]) -> KnownArea? {
        guard let centre = Geodesy.mean(cells.map(\.coordinate)) else { return nil }
        let radius = cells.map { Geodesy.distance(from: centre, to: $0.coordinate) + $0.radius }.max() ?? 0
        return KnownArea(identity: identity, coordinate: centre, radius: radius, cellCount: cells.count)
    }
}
