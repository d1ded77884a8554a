import PositioningCore

/// What a picture of one fix shows: the position and its uncertainty, and every emitter that
/// was heard, where the radio map puts it, whether it counted (with its weight) or why not.
///
/// ```swift
/// let map = FixMap(estimate: estimate, input: input, placeDescription: "Herzliya, Israel")
/// let svg = FixMapRenderer().render(map)
/// ```
public struct FixMap: Hashable, Sendable {
    /// An emitter on the picture.
    public struct Emitter: Hashable, Sendable {
        /// What kind of emitter it is; decides the marker's shape.
        public enum Kind: String, Hashable, Sendable {
            case accessPoint = "Wi-Fi AP"
            case cell
            case area = "cell area"
        }

        /// Its identifier as the response prints it (BSSID, cell key).
        public var id: String
        public var kind: Kind
        /// Where the radio map puts it; nil when the map does not know it.
        public var coordinate: Coordinate?
        /// Its share of the estimate (0…1); 0 for a rejected emitter.
        public var weight: Double
        /// Why it did not count; nil for a used emitter.
        public var rejection: RejectionReason?
        /// The network name of an access point, when known.
        public var name: String?

        /// Creates an emitter.
        public init(id: String, kind: Kind, coordinate: Coordinate?, weight: Double = 0,
                    rejection: RejectionReason? = nil, name: String? = nil) {
            self.id = id
            self.kind = kind
            self.coordinate = coordinate
            self.weight = weight
            self.rejection = rejection
            self.name = name
        }
    }

    /// The position and its 68 % radius.
    public var location: Location
    /// How it was computed.
    public var method: EstimationMethod
    /// The emitters that counted, heaviest first.
    public var used: [Emitter]
    /// The emitters that did not count.
    public var rejected: [Emitter]
    /// Where the fix is in words ("2.1 km from Herzliya, Tel Aviv, Israel"), when known.
    public var placeDescription: String?
    /// The nearest place's name and position, drawn when it falls on the picture.
    public var placeMarker: (name: String, coordinate: Coordinate)? {
        get { placeMarkerStorage.map { ($0.name, $0.coordinate) } }
        set { placeMarkerStorage = newValue.map { PlaceMarker(name: $0.name, coordinate: $0.coordinate) } }
    }
    private var placeMarkerStorage: PlaceMarker?
    private struct PlaceMarker: Hashable, Sendable {
        var name: String
        var coordinate: Coordinate
    }

    /// Creates a picture's content directly.
    public init(location: Location, method: EstimationMethod, used: [Emitter], rejected: [Emitter],
                placeDescription: String? = nil) {
        self.location = location
        self.method = method
        self.used = used.sorted { $0.weight > $1.weight }
        self.rejected = rejected
        self.placeDescription = placeDescription
    }

    /// The content for `estimate`, placing its emitters where `input` (the radio map's answer
    /// for the same request) puts them.
    public init(estimate: PositionEstimate, input: EstimationInput, placeDescription: String? = nil) {
        func emitter(_ id: EmitterID, weight: Double, rejection: RejectionReason?) -> Emitter {
            switch id {
            case .accessPoint(let bssid):
                let known = input.accessPoints[bssid]
                let ssid = known?.ssid ?? input.wifi.first { $0.bssid == bssid }?.ssid
                return Emitter(id: id.description, kind: .accessPoint, coordinate: known?.coordinate, weight: weight,
                               rejection: rejection, name: ssid)
            case .cell(let cell):
                return Emitter(id: id.description, kind: .cell, coordinate: input.knownCells[cell]?.coordinate,
                               weight: weight, rejection: rejection)
            case .area(let area):
                return Emitter(id: id.description, kind: .area, coordinate: input.areas[area]?.coordinate,
                               weight: weight, rejection: rejection)
            }
        }
        self.init(
            location: estimate.location, method: estimate.method,
            used: estimate.used.map { emitter($0.emitter, weight: $0.weight, rejection: nil) },
            rejected: estimate.rejected.map { emitter($0.emitter, weight: 0, rejection: $0.reason) },
            placeDescription: placeDescription)
    }
}
