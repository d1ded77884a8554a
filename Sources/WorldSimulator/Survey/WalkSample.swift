/// One moment of a replayed walk: what the radios reported, and where the walker really was.
public struct WalkSample: Hashable, Sendable {
    /// A GNSS fix as gpsd would report it.
    public struct Fix: Hashable, Sendable {
        /// The reported position (true position plus drifting error).
        public let position: PlanePosition
        /// 68 % radius, metres.
        public let accuracy: Double
        /// Metres per second.
        public let speed: Double
        /// Degrees clockwise from north.
        public let course: Double
    }

    /// Milliseconds since 1970, UTC.
    public let time: Int64
    /// Where the walker really was.
    public let truePosition: PlanePosition
    /// Nil during a GPS drop-out (indoors, under trees, in an underpass).
    public let fix: Fix?
    /// Empty except on scan samples (every `scanEvery`-th sample).
    public let accessPoints: [HeardAccessPoint]
    /// Empty except on scan samples; serving cell first.
    public let cells: [HeardCell]
}
