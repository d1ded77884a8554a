import Foundation

/// Decides when a cheap, radio-only reading (serving cell, Wi-Fi scan — never GPS) shows a
/// *significant* change of position, as Core Location's significant-change service does.
///
/// A change is significant when
/// - the serving cell (the first cell of a reading) differs from the one at the last reported
///   change and was not the serving cell of a change reported within `cellReturnWindow`
///   seconds — a device at the edge of two cells hops between them without moving, and that
///   ping-pong is not movement — or
/// - the set of visible access points has largely turned over (at most `maximumOverlap` of the
///   reference set still heard) *and* the position estimated from the reading lies at least
///   `minimumDistance` (≈ 500 m) from the last reported one.
///
/// The first reading with a position is always reported. Pure: the caller supplies the reading
/// and its estimate.
///
/// ```swift
/// var detector = SignificantChangeDetector()
/// if let reason = detector.consider(wifi: scan, cells: cells, estimate: fix) { deliver(fix, reason) }
/// ```
public struct SignificantChangeDetector: Hashable, Sendable {
    /// Why a reading counted as significant.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The first position.
        case first
        /// The serving cell changed.
        case servingCellChanged(from: CellIdentity?, to: CellIdentity)
        /// The access points turned over and the position moved this many metres.
        case accessPointsChanged(distance: Double)

        public var description: String {
            switch self {
            case .first: "first position"
            case .servingCellChanged(let from, let to): "serving cell \(from.map(\.description) ?? "none") → \(to)"
            case .accessPointsChanged(let distance): "access points changed, moved \(Int(distance.rounded())) m"
            }
        }
    }

    /// How far the position must move, with the access points turned over, to count.
    public var minimumDistance: Double
    /// The largest share of the reference access points still heard for a turnover.
    public var maximumOverlap: Double
    /// Seconds during which a return to a recently reported serving cell is ping-pong.
    public var cellReturnWindow: Double

    private var servingCell: CellIdentity?
    private var accessPoints: Set<BSSID> = []
    private var position: Location?
    /// Serving cells of reported changes, with when they were reported.
    private var reportedCells: [CellIdentity: Date] = [:]

    /// Creates a detector that has seen nothing yet.
    public init(minimumDistance: Double = 500, maximumOverlap: Double = 0.25, cellReturnWindow: Double = 600) {
        self.minimumDistance = minimumDistance
        self.maximumOverlap = maximumOverlap
        self.cellReturnWindow = cellReturnWindow
    }

    /// Considers one reading; returns why it is significant, or nil. A significant reading
    /// becomes the new reference.
    public mutating func consider(
        wifi: [WiFiObservation], cells: [CellObservation], estimate: Location?
    ) -> Reason? {
        guard let estimate, estimate.isValid else { return nil }
        let heard = Set(wifi.map(\.bssid))
        var reason: Reason?
        if position == nil {
            reason = .first
        } else if let serving = cells.first?.identity, serving != servingCell, !isPingPong(to: serving, at: estimate.timestamp) {
            reason = .servingCellChanged(from: servingCell, to: serving)
        } else if !heard.isEmpty, let position {
            let overlap = accessPoints.isEmpty ? 0 : Double(accessPoints.intersection(heard).count) / Double(accessPoints.count)
            let distance = Geodesy.distance(from: position.coordinate, to: estimate.coordinate)
            if overlap <= maximumOverlap && distance >= minimumDistance {
                reason = .accessPointsChanged(distance: distance)
            }
        }
        guard let reason else { return nil }
        position = estimate
        if let serving = cells.first?.identity {
            servingCell = serving
            reportedCells[serving] = estimate.timestamp
        }
        if !heard.isEmpty { accessPoints = heard }
        return reason
    }

    private func isPingPong(to cell: CellIdentity, at time: Date) -> Bool {
        guard let reported = reportedCells[cell] else { return false }
        return time.timeIntervalSince(reported) <= cellReturnWindow
    }
}
