import Foundation
import PositioningCore
import SurveyFormats

/// What of a file an import keeps: cells of the listed mobile country codes (`--mcc 262,232`)
/// and rows within a distance of a point (`--within 52.52,13.40,50`), so a laptop takes from
/// the 45 M cells of OpenCellID only what it can hear. Checked row by row as the file streams;
/// a row left out is counted (`ImportSummary.rowsFilteredOut`), never stored.
///
/// A cell is within reach when its coverage circle (position and range) reaches into the
/// circle; a sighting, a fingerprint or an access point's listed position when it lies in it.
/// The MCC list applies to cells only: access points have no country code.
///
/// ```swift
/// let filter = try ImportFilter(mccs: "262,232", within: "52.52,13.40,50")
/// let options = ImportOptions(filter: filter)
/// ```
public struct ImportFilter: Sendable {
    /// The mobile country codes kept; nil keeps every one.
    public let mobileCountryCodes: Set<Int>?
    /// The centre of the circle kept; nil keeps every position.
    public let centre: Coordinate?
    /// The circle's radius in metres.
    public let radius: Double
    /// The band of latitudes the circle spans: most rows of a world-wide file are refused by
    /// two comparisons before any trigonometry.
    private let band: ClosedRange<Double>?

    /// Why `--mcc` or `--within` was not understood.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Keeps cells of `mobileCountryCodes` (nil: all) within `radius` metres of `centre` (nil: anywhere).
    public init(mobileCountryCodes: Set<Int>? = nil, centre: Coordinate? = nil, radius: Double = 0) {
        self.mobileCountryCodes = mobileCountryCodes
        self.centre = centre
        self.radius = radius
        band = centre.map { centre in
            let degrees = radius / 111_000 + 0.01
            return (centre.latitude - degrees)...(centre.latitude + degrees)
        }
    }

    /// Parses `--mcc LIST` (comma-separated codes, 1–999) and `--within LAT,LON,KM`.
    /// - Throws: `Invalid` saying which option is malformed.
    public init(mccs: String?, within: String?) throws(Invalid) {
        var codes: Set<Int>?
        if let mccs {
            let parsed = mccs.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0.map { (1...999).contains($0) } ?? false }) else {
                throw Invalid(description: "--mcc expects mobile country codes separated by commas (262,232), got '\(mccs)'")
            }
            codes = Set(parsed.compactMap { $0 })
        }
        var centre: Coordinate?
        var radius = 0.0
        if let within {
            let parts = within.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let latitude = parts[0], let longitude = parts[1], let kilometres = parts[2],
                (-90...90).contains(latitude), (-180...180).contains(longitude), kilometres > 0, kilometres.isFinite
            else {
                throw Invalid(description: "--within expects LAT,LON,KM (degrees and a positive distance in kilometres), got '\(within)'")
            }
            centre = Coordinate(latitude: latitude, longitude: longitude)
            radius = kilometres * 1000
        }
        self.init(mobileCountryCodes: codes, centre: centre, radius: radius)
    }

    /// Whether the filter keeps everything.
    public var keepsAll: Bool { mobileCountryCodes == nil && centre == nil }

    /// Whether `row` is kept.
    public func keeps(_ row: SurveyRow) -> Bool {
        switch row {
        case .publishedCell(let cell):
            keeps(mcc: cell.identity.mcc) && isWithin(cell.coordinate, reach: cell.radius)
        case .cellObservation(let cell, let seen):
            keeps(mcc: cell.mcc) && isWithin(seen.position, reach: 0)
        case .accessPoint(_, let seen):
            isWithin(seen.position, reach: 0)
        case .fingerprint(let fingerprint):
            isWithin(fingerprint.position, reach: 0)
        }
    }

    private func keeps(mcc: Int) -> Bool {
        mobileCountryCodes?.contains(mcc) ?? true
    }

    private func isWithin(_ position: Coordinate, reach: Double) -> Bool {
        guard let centre, let band else { return true }
        let margin = reach / 111_000
        guard position.latitude >= band.lowerBound - margin, position.latitude <= band.upperBound + margin else { return false }
        return Geodesy.distance(from: centre, to: position) - reach <= radius
    }
}
