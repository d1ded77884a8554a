/// One cell heard by a modem (the serving cell or a neighbour).
///
/// Fields follow the geolocate API's `cellTowers` entries; unknown values are nil.
public struct CellObservation: Hashable, Sendable {
    public var identity: CellIdentity
    /// Signal strength in dBm.
    public var signalStrength: Double?
    /// Timing advance, in the radio's own units.
    public var timingAdvance: Int?
    /// Milliseconds since the cell was last heard.
    public var age: Int?
    /// Physical cell id / primary scrambling code, when known.
    public var physicalCellID: Int?

    public init(
        identity: CellIdentity, signalStrength: Double? = nil, timingAdvance: Int? = nil,
        age: Int? = nil, physicalCellID: Int? = nil
    ) {
        self.identity = identity
        self.signalStrength = signalStrength
        self.timingAdvance = timingAdvance
        self.age = age
        self.physicalCellID = physicalCellID
    }
}
