import PositioningCore

/// One sector of a cell tower.
public struct SimulatedCell: Hashable, Sendable {
    /// Radio, MCC, MNC, LAC/TAC and cell id.
    public let identity: CellIdentity
    /// Index in `Town.cells`; keys the cell's shadowing.
    public let index: Int
    /// Where the mast stands.
    public let sitePosition: PlanePosition
    /// Main-lobe direction, degrees from north.
    public let azimuth: Double
    /// Mean received power 100 m from the mast on the main lobe, dBm.
    public let referencePower: Double
    /// The position OpenCellID publishes: a centroid of its contributors' fixes, so off by
    /// a few hundred metres and pulled towards where people are.
    public let publishedPosition: PlanePosition
    /// The range OpenCellID publishes, metres.
    public let publishedRange: Int
    /// How many measurements OpenCellID says it has.
    public let publishedSamples: Int
    /// Operator name, written as the SSID of WiGLE cell rows.
    public let operatorName: String
    /// ARFCN (GSM) or EARFCN (LTE).
    public let channel: Int
    /// Physical cell id (LTE), written as OpenCellID's `unit`.
    public let physicalCellID: Int
}
