import PositioningCore

extension IchnaeaStationBuilder.Station {
    /// The Ichnaea station corresponding to a radio-map access point, for updating it with
    /// Ichnaea's builder.
    ///
    /// Our radio map keeps no Ichnaea `weight`, so the accumulated weight is taken as the
    /// sample count — what Ichnaea would have summed had every observation had the reference
    /// weight 1 (accuracy ≤ 10 m, −80 dBm, fresh, slow). The bounding box collapses to the
    /// centre and `modified` is `lastSeen`.
    public init(_ accessPoint: KnownAccessPoint) {
        self.init(latitude: accessPoint.coordinate.latitude, longitude: accessPoint.coordinate.longitude,
                  radius: Int(accessPoint.radius.rounded(.toNearestOrEven)), samples: accessPoint.sampleCount,
                  weight: Double(accessPoint.sampleCount), modified: accessPoint.lastSeen)
    }

    /// The Ichnaea station corresponding to a radio-map cell (see `init(_:)` for access points).
    public init(_ cell: KnownCell) {
        self.init(latitude: cell.coordinate.latitude, longitude: cell.coordinate.longitude,
                  radius: Int(cell.radius.rounded(.toNearestOrEven)), samples: cell.sampleCount,
                  weight: Double(cell.sampleCount), modified: cell.lastSeen)
    }
}
