import PositioningCore

extension Town {
    /// How far from every survey scan an off-survey query stands, in metres: beyond a
    /// surveyor's GPS error and the width of a street, so the query is somewhere the survey
    /// did not go (on a street it skipped, in a back yard, or past the town's last street).
    public static let offSurveyDistance = 150.0

    /// Calls `body` with the town's off-survey queries (`SimulatedQuery.isOffSurvey`): a
    /// quarter of `size.wifiQueryCount` Wi-Fi queries hearing at least three routers, then
    /// `size.cellQueryCount` cell-only queries, each standing more than `offSurveyDistance`
    /// metres from every survey scan, among the town's streets or up to a block and 300 m
    /// beyond them. These
    /// are the queries a calibration learned on the survey's own scans is most likely to fail:
    /// `eval` reports them apart.
    ///
    /// ```swift
    /// town.forEachOffSurveyQuery { query in print(query.kind, query.isOffSurvey) }
    /// ```
    public func forEachOffSurveyQuery<Failure: Error>(_ body: (SimulatedQuery) throws(Failure) -> Void) throws(Failure) {
        var surveyed = SurveyedCells(size: Self.offSurveyDistance)
        forEachSurveyScan { scan in surveyed.insert(scan.truePosition) }
        var random = SeededRandomNumberGenerator(seed: specification.seed, stream: 9)
        let networks = specification.mobileNetworkCodes.isEmpty ? [1] : specification.mobileNetworkCodes
        let afterSurvey = specification.surveyStart + Int64(max(specification.surveyDays, 1)) * 86_400
        // The streets and a ring around them: a small town's survey comes within 150 m of every
        // point among its streets, and its cells are heard well beyond the last one.
        let half = streets.extent / 2 + streets.spacing + 2 * Self.offSurveyDistance
        func offSurveyPosition() -> PlanePosition? {
            for _ in 0..<200 {
                let position = PlanePosition(
                    east: random.nextDouble(in: -half...half), north: random.nextDouble(in: -half...half))
                if !surveyed.hasPoint(within: Self.offSurveyDistance, of: position) { return position }
            }
            return nil
        }
        for _ in 0..<(specification.size.wifiQueryCount / 4) {
            for _ in 0..<50 {
                guard let position = offSurveyPosition() else { return }
                var heard = hearAccessPoints(at: position, epoch: .query, using: &random)
                guard heard.count >= 3 else { continue }
                heard += hearRandomizedPhones(using: &random)
                try body(SimulatedQuery(kind: .wifi, scan: makeQueryScan(
                    at: position, after: afterSurvey, accessPoints: Town.strongestFirst(heard), cells: [],
                    using: &random), isOffSurvey: true))
                break
            }
        }
        for _ in 0..<specification.size.cellQueryCount {
            for _ in 0..<50 {
                guard let position = offSurveyPosition() else { return }
                let radio: RadioType = random.nextBool(probability: 0.7) ? .lte : .gsm
                let network = radio == .gsm ? networks[0] : random.element(of: networks)
                let cells = hearCells(at: position, radio: radio, network: network, using: &random)
                guard !cells.isEmpty else { continue }
                try body(SimulatedQuery(kind: .cell, scan: makeQueryScan(
                    at: position, after: afterSurvey, accessPoints: [], cells: cells, using: &random), isOffSurvey: true))
                break
            }
        }
    }
}

/// Survey positions bucketed in square cells, for asking whether any lies near a point.
struct SurveyedCells {
    let size: Double
    private var cells: [SIMD2<Int>: [PlanePosition]] = [:]

    init(size: Double) {
        self.size = size
    }

    private func key(_ position: PlanePosition) -> SIMD2<Int> {
        SIMD2(Int((position.east / size).rounded(.down)), Int((position.north / size).rounded(.down)))
    }

    mutating func insert(_ position: PlanePosition) {
        cells[key(position), default: []].append(position)
    }

    /// Whether a stored position lies within `distance` (at most `size`) of `position`.
    func hasPoint(within distance: Double, of position: PlanePosition) -> Bool {
        let centre = key(position)
        for dx in -1...1 {
            for dy in -1...1 {
                for other in cells[centre &+ SIMD2(dx, dy)] ?? [] {
                    let (east, north) = (other.east - position.east, other.north - position.north)
                    if east * east + north * north <= distance * distance { return true }
                }
            }
        }
        return false
    }
}
