import PositioningCore

extension Town {
    /// Calls `body` with the town's held-out queries: `size.wifiQueryCount` Wi-Fi queries,
    /// then `size.cellQueryCount` cell-only queries.
    ///
    /// Wi-Fi queries stand on streets (four in five, up to 8 m off the centre line) or indoors,
    /// at times in the week after the survey, and hear at least three routers.
    ///
    /// ```swift
    /// town.forEachQuery { query in print(query.kind, town.coordinate(of: query.scan.truePosition)) }
    /// ```
    public func forEachQuery<Failure: Error>(_ body: (SimulatedQuery) throws(Failure) -> Void) throws(Failure) {
        var random = SeededRandomNumberGenerator(seed: specification.seed, stream: 4)
        let networks = specification.mobileNetworkCodes.isEmpty ? [1] : specification.mobileNetworkCodes
        let afterSurvey = specification.surveyStart + Int64(max(specification.surveyDays, 1)) * 86_400
        for _ in 0..<specification.size.wifiQueryCount {
            var position = PlanePosition(east: 0, north: 0)
            var heard: [HeardAccessPoint] = []
            for _ in 0..<50 {
                position = random.nextBool(probability: 0.8)
                    ? streets.randomStreetPoint(lateral: 8, using: &random)
                    : streets.randomBuildingPoint(margin: 3, using: &random)
                heard = hearAccessPoints(at: position, epoch: .query, using: &random)
                if heard.count >= 3 { break }
            }
            if !hotspots.isEmpty, random.nextBool(probability: specification.queriesWithHotspotFraction) {
                heard.append(hearHotspot(random.element(of: hotspots), using: &random))
            }
            heard += hearRandomizedPhones(using: &random)
            var cells: [HeardCell] = []
            if random.nextBool(probability: specification.queriesWithCellFraction) {
                cells = hearCells(at: position, radio: .lte, network: random.element(of: networks), using: &random)
            }
            try body(SimulatedQuery(kind: .wifi, scan: makeQueryScan(
                at: position, after: afterSurvey, accessPoints: Town.strongestFirst(heard), cells: cells,
                using: &random)))
        }
        for _ in 0..<specification.size.cellQueryCount {
            var position = PlanePosition(east: 0, north: 0)
            var cells: [HeardCell] = []
            for _ in 0..<50 where cells.isEmpty {
                position = streets.randomStreetPoint(lateral: 8, using: &random)
                let radio: RadioType = random.nextBool(probability: 0.7) ? .lte : .gsm
                let network = radio == .gsm ? networks[0] : random.element(of: networks)
                cells = hearCells(at: position, radio: radio, network: network, using: &random)
            }
            try body(SimulatedQuery(kind: .cell, scan: makeQueryScan(
                at: position, after: afterSurvey, accessPoints: [], cells: cells, using: &random)))
        }
    }

    func makeQueryScan(
        at position: PlanePosition, after start: Int64, accessPoints: [HeardAccessPoint], cells: [HeardCell],
        using random: inout SeededRandomNumberGenerator
    ) -> SimulatedScan {
        SimulatedScan(
            time: start + Int64(random.nextInt(below: 7 * 86_400)), truePosition: position,
            reportedPosition: position, reportedAccuracy: 0, surveyorIndex: nil,
            accessPoints: accessPoints, cells: cells)
    }
}
