import Foundation

/// Ichnaea's station builder (`ichnaea/data/station.py`, `StationState`): how a Wi-Fi,
/// cell or Bluetooth station's position, radius, sample count and weight are made from survey
/// observations and then updated by later ones.
///
/// - New station: the weighted mean of the observations' *raw* degrees, the radius the
///   distance from that centre to the farthest corner of their bounding box (whole metres),
///   samples = observations, weight = the sum of their weights.
/// - Update: the old centre counts with its accumulated weight (capped at 10,000) against the
///   new observations' weighted centre; the bounding box grows; samples and weight add up.
/// - Observations whose bounding box is wider than the kind's limit (Wi-Fi 5 km, cell 100 km,
///   Bluetooth 100 m), or that lie beyond it from the station, block the station instead.
///
/// ```swift
/// let builder = IchnaeaStationBuilder(kind: .wifi)
/// if case .new(let station) = builder.update(nil, with: observations, now: now) {
///     print(station.latitude, station.longitude, station.radius)
/// }
/// ```
public struct IchnaeaStationBuilder: Sendable {
    /// Whether a report's position came from satellites or from a locate query.
    public enum Source: Hashable, Sendable {
        /// GNSS, or fixed/fused positions, which Ichnaea treats alike.
        case gnss
        /// A position Ichnaea itself estimated for a query.
        case query
    }

    /// One observation of a station in a survey report.
    public struct Observation: Hashable, Sendable {
        /// Where the surveying device was, degrees.
        public var latitude: Double
        /// Where the surveying device was, degrees.
        public var longitude: Double
        /// Metres; nil when unknown.
        public var accuracy: Double?
        /// Milliseconds between the position fix and the radio reading; nil when unknown.
        public var age: Double?
        /// Metres per second; nil when unknown.
        public var speed: Double?
        /// dBm; nil when unknown.
        public var signal: Double?
        /// Where the report's position came from.
        public var source: Source

        /// Creates an observation; unknown fields stay nil.
        public init(latitude: Double, longitude: Double, accuracy: Double? = nil, age: Double? = nil,
                    speed: Double? = nil, signal: Double? = nil, source: Source = .gnss) {
            self.latitude = latitude
            self.longitude = longitude
            self.accuracy = accuracy
            self.age = age
            self.speed = speed
            self.signal = signal
            self.source = source
        }
    }

    /// A station as Ichnaea stores it.
    public struct Station: Hashable, Sendable {
        /// The station's estimated position, degrees.
        public var latitude: Double
        /// The station's estimated position, degrees.
        public var longitude: Double
        /// Bounding box of every observation that built the station.
        public var minLatitude: Double
        /// Bounding box of every observation that built the station.
        public var maxLatitude: Double
        /// Bounding box of every observation that built the station.
        public var minLongitude: Double
        /// Bounding box of every observation that built the station.
        public var maxLongitude: Double
        /// Whole metres from the centre to the farthest corner of the bounding box.
        public var radius: Int
        /// How many observations built it.
        public var samples: Int
        /// Sum of the weights of all observations that built it.
        public var weight: Double
        /// Whether GNSS or query observations built it.
        public var source: Source
        /// When the position last changed; positions older than a year may be replaced.
        public var modified: Date?

        /// Creates a station; the bounding box defaults to the single point, as Ichnaea's
        /// test factories make them.
        public init(latitude: Double, longitude: Double, radius: Int, samples: Int, weight: Double,
                    source: Source = .gnss, modified: Date? = nil,
                    minLatitude: Double? = nil, maxLatitude: Double? = nil,
                    minLongitude: Double? = nil, maxLongitude: Double? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.minLatitude = minLatitude ?? latitude
            self.maxLatitude = maxLatitude ?? latitude
            self.minLongitude = minLongitude ?? longitude
            self.maxLongitude = maxLongitude ?? longitude
            self.radius = radius
            self.samples = samples
            self.weight = weight
            self.source = source
            self.modified = modified
        }
    }

    /// What the observations do to the station (`StationState.transition`).
    public enum Outcome: Hashable, Sendable {
        /// A new station was created.
        case new(Station)
        /// The station moved toward the observations.
        case changed(Station)
        /// The observations replaced a GNSS-less or year-old position.
        case replaced(Station)
        /// Query-based observations agreed with a GNSS station: only its last-seen date moves.
        case confirmed
        /// The observations disagree with the station or with each other: Ichnaea blocklists it.
        case blocked
        /// Nothing to do (no usable observation).
        case unchanged
    }

    /// The kind of station this builder makes: it sets the weights and the distance limit.
    public var kind: IchnaeaObservationWeight.StationKind

    /// Creates a builder for stations of `kind`.
    public init(kind: IchnaeaObservationWeight.StationKind) {
        self.kind = kind
    }

    /// The widest spread of consistent observations, metres (`*_MAX_RADIUS`).
    public var maximumDistance: Double {
        switch kind {
        case .wifi: 5_000
        case .cell: 100_000
        case .bluetooth: 100
        }
    }

    /// Ichnaea's weight of one observation of this kind.
    public func weight(of observation: Observation) -> Double {
        IchnaeaObservationWeight(kind: kind).weight(
            accuracy: observation.accuracy, age: observation.age, speed: observation.speed,
            signal: observation.signal)
    }

    /// Applies observations to a station (nil: not yet known), as Ichnaea's station updater does.
    public func update(_ station: Station?, with observations: [Observation], now: Date) -> Outcome {
        // StationUpdater.shard_observations drops zero-weight observations; a report with
        // any GNSS observation uses only those.
        let weighted = observations.compactMap { observation -> (Observation, Double)? in
            let weight = weight(of: observation)
            return weight > 0 ? (observation, weight) : nil
        }
        let gnss = weighted.filter { $0.0.source == .gnss }
        let source: Source = gnss.isEmpty ? .query : .gnss
        let used = gnss.isEmpty ? weighted : gnss
        guard !used.isEmpty else { return .unchanged }
        let aggregate = aggregated(used, source: source, now: now)

        guard let station else {
            return aggregate.map { .new($0) } ?? .blocked
        }
        let agrees = used.allSatisfy {
            IchnaeaGeodesy.distance($0.0.latitude, $0.0.longitude, station.latitude, station.longitude)
                <= maximumDistance
        }
        guard agrees else {
            // is_old_position compares calendar dates: modified before today − 365 days.
            let isOld = station.modified.map {
                IchnaeaStationScore.dayNumber($0) < IchnaeaStationScore.dayNumber(now) - 365
            } ?? false
            return isOld ? (aggregate.map { .replaced($0) } ?? .blocked) : .blocked
        }
        guard let aggregate else { return .blocked }
        switch (station.source, source) {
        case (.gnss, .query): return .confirmed
        case (.query, .gnss): return .replaced(aggregate)
        default: return .changed(merged(station, aggregate, now: now))
        }
    }

    /// A new station from observations (`aggregate_obs`), or nil when they spread wider than
    /// `maximumDistance` or none has weight.
    public func newStation(from observations: [Observation], now: Date) -> Station? {
        let weighted = observations.map { ($0, weight(of: $0)) }.filter { $0.1 > 0 }
        guard let source = weighted.first?.0.source else { return nil }
        return aggregated(weighted, source: source, now: now)
    }

    private func aggregated(_ observations: [(Observation, Double)], source: Source, now: Date) -> Station? {
        guard !observations.isEmpty else { return nil }
        let latitudes = observations.map(\.0.latitude), longitudes = observations.map(\.0.longitude)
        let minLatitude = latitudes.min()!, maxLatitude = latitudes.max()!
        let minLongitude = longitudes.min()!, maxLongitude = longitudes.max()!
        guard IchnaeaGeodesy.distance(minLatitude, minLongitude, maxLatitude, maxLongitude) <= maximumDistance,
              let centre = IchnaeaGeodesy.averageOfRawDegrees(observations.map {
                  (latitude: $0.0.latitude, longitude: $0.0.longitude, weight: $0.1)
              })
        else { return nil }
        let radius = IchnaeaGeodesy.circleRadius(
            latitude: centre.latitude, longitude: centre.longitude, maxLatitude: maxLatitude,
            maxLongitude: maxLongitude, minLatitude: minLatitude, minLongitude: minLongitude)
        return Station(
            latitude: centre.latitude, longitude: centre.longitude, radius: radius,
            samples: observations.count, weight: min(observations.reduce(0) { $0 + $1.1 }, 1e9),
            source: source, modified: now, minLatitude: minLatitude, maxLatitude: maxLatitude,
            minLongitude: minLongitude, maxLongitude: maxLongitude)
    }

    /// The station moved toward new observations (`aggregate_station_obs`).
    private func merged(_ station: Station, _ new: Station, now: Date) -> Station {
        // station.py caps the old weight at 10,000 so a long-lived station can still move.
        let oldWeight = min(station.weight, 10_000)
        let total = new.weight + oldWeight
        let latitude = (new.latitude * new.weight + station.latitude * oldWeight) / total
        let longitude = (new.longitude * new.weight + station.longitude * oldWeight) / total
        let minLatitude = min(new.minLatitude, station.minLatitude, station.latitude)
        let maxLatitude = max(new.maxLatitude, station.maxLatitude, station.latitude)
        let minLongitude = min(new.minLongitude, station.minLongitude, station.longitude)
        let maxLongitude = max(new.maxLongitude, station.maxLongitude, station.longitude)
        let radius = IchnaeaGeodesy.circleRadius(
            latitude: latitude, longitude: longitude, maxLatitude: maxLatitude, maxLongitude: maxLongitude,
            minLatitude: minLatitude, minLongitude: minLongitude)
        return Station(
            latitude: latitude, longitude: longitude, radius: radius,
            samples: min(station.samples + new.samples, 4_294_967_295),
            weight: min(station.weight + new.weight, 1e9), source: new.source, modified: now,
            minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: minLongitude,
            maxLongitude: maxLongitude)
    }
}
