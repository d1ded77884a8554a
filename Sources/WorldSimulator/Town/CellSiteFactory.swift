import PositioningCore

/// Builds the town's cell towers: GSM and LTE sites with three sectors each, grouped into
/// location/tracking areas by which half of the town the mast stands in.
struct CellSiteFactory {
    let specification: TownSpecification
    let grid: StreetGrid
    private var random: SeededRandomNumberGenerator
    private var usedIdentities: Set<CellIdentity> = []

    private static let operatorNames = ["Telekom.de", "Vodafone.de", "o2 - de", "1&1"]

    init(specification: TownSpecification, grid: StreetGrid) {
        self.specification = specification
        self.grid = grid
        self.random = SeededRandomNumberGenerator(seed: specification.seed, stream: 2)
    }

    /// All sectors: GSM sites first, then LTE sites, three sectors each.
    mutating func makeCells() -> [SimulatedCell] {
        let networks = specification.mobileNetworkCodes.isEmpty ? [1] : specification.mobileNetworkCodes
        // Area codes: two areas per radio and network, split at the town's north–south axis.
        var areaCodes: [String: (west: Int, east: Int)] = [:]
        func areas(_ key: String, _ random: inout SeededRandomNumberGenerator) -> (west: Int, east: Int) {
            if let known = areaCodes[key] { return known }
            let west = random.nextInt(in: 1000...60000)
            let pair = (west, west + random.nextInt(in: 1...50))
            areaCodes[key] = pair
            return pair
        }
        var cells: [SimulatedCell] = []
        let siteCount = specification.size.gsmSiteCount + specification.size.lteSiteCount
        for site in 0..<siteCount {
            let radio: RadioType = site < specification.size.gsmSiteCount ? .gsm : .lte
            let network = radio == .gsm ? networks[0] : networks[site % networks.count]
            // Masts stand in and around town, some outside it as on real city edges.
            let reach = grid.extent * 0.7
            let mast = PlanePosition(
                east: random.nextDouble(in: -reach...reach), north: random.nextDouble(in: -reach...reach))
            let pair = areas("\(radio.rawValue)-\(network)", &random)
            let area = mast.east < 0 ? pair.west : pair.east
            let rotation = random.nextDouble(in: 0...119.9)
            let base = radio == .gsm ? Int64(random.nextInt(in: 100...6500)) * 10 : Int64(random.nextInt(in: 1...1_048_575)) * 256
            let operatorName = Self.operatorNames[(network - 1 + Self.operatorNames.count) % Self.operatorNames.count]
            let pullTowardsTown = random.nextDouble(in: 0.2...0.5)
            for sector in 0..<3 {
                let identity = uniqueIdentity(radio: radio, network: network, area: area, cellID: base + Int64(sector + 1))
                let published = PlanePosition(
                    east: mast.east * (1 - pullTowardsTown) + random.nextGaussian() * 120,
                    north: mast.north * (1 - pullTowardsTown) + random.nextGaussian() * 120)
                cells.append(SimulatedCell(
                    identity: identity, index: cells.count, sitePosition: mast,
                    azimuth: (rotation + Double(sector) * 120).truncatingRemainder(dividingBy: 360),
                    referencePower: radio == .gsm ? -52 : -62, publishedPosition: published,
                    publishedRange: random.nextInt(in: 800...4000), publishedSamples: random.nextInt(in: 3...600),
                    operatorName: operatorName,
                    channel: radio == .gsm ? random.nextInt(in: 1...124) : random.element(of: [1300, 1444, 3050, 6300]),
                    physicalCellID: radio == .lte ? random.nextInt(in: 0...503) : 0))
            }
        }
        return cells
    }

    private mutating func uniqueIdentity(radio: RadioType, network: Int, area: Int, cellID: Int64) -> CellIdentity {
        var candidate = cellID
        while true {
            // The ranges used above are valid for every radio, so this cannot throw.
            let identity = try! CellIdentity(
                radio: radio, mcc: specification.mobileCountryCode, mnc: network, area: area, cellID: candidate)
            if usedIdentities.insert(identity).inserted { return identity }
            candidate += 10
        }
    }
}
