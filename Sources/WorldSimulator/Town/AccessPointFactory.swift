import PositioningCore

/// Builds the routers of a town and their sibling BSSIDs, following the specification's rates.
struct AccessPointFactory {
    let specification: TownSpecification
    let grid: StreetGrid
    private var random: SeededRandomNumberGenerator
    private var usedAddresses: Set<UInt64> = []

    // Globally administered OUIs of common home-router makers (AVM, TP-Link, Netgear, Huawei,
    // ASUS, Ubiquiti, Cisco, Sagemcom, ZTE); the low two bits of the first octet are clear.
    private static let routerOUIs: [UInt64] = [
        0x3CA62F, 0x7CFF4D, 0x50C7BF, 0x14CC20, 0xA040A0, 0x00E0FC, 0x2CFDA1, 0x24A43C, 0x001AA1,
        0x7C034C, 0x88A6C6,
    ]
    private static let namePrefixes = [
        "FRITZ!Box 7590", "Vodafone-", "TP-Link_", "NETGEAR", "HUAWEI-", "ASUS_", "o2-WLAN", "WLAN-",
        "Home", "Familie ", "Cafe ", "Praxis ",
    ]
    private static let surnames = ["Müller", "Schmidt", "Berg", "Nilsen", "Tanaka", "O'Brien", "Silva"]
    private static let communityNetworks = ["Telekom_FON", "Vodafone Homespot", "xfinitywifi", "BTWi-fi"]
    private static let authModes = [
        "[WPA2-PSK-CCMP][ESS]", "[WPA2-PSK-CCMP][WPS][ESS]",
        "[WPA-PSK-CCMP+TKIP][WPA2-PSK-CCMP+TKIP][ESS]", "[WPA2-PSK-CCMP][RSN-SAE-CCMP][ESS]",
    ]
    private static let channels24 = [1, 1, 6, 6, 11, 11, 3, 9, 13]
    private static let channels5 = [36, 40, 44, 48, 52, 100, 116, 132, 149]

    init(specification: TownSpecification, grid: StreetGrid) {
        self.specification = specification
        self.grid = grid
        self.random = SeededRandomNumberGenerator(seed: specification.seed, stream: 1)
    }

    /// All BSSIDs of `specification.size.routerCount` routers, indexed in order.
    mutating func makeAccessPoints() -> [SimulatedAccessPoint] {
        var accessPoints: [SimulatedAccessPoint] = []
        for router in 0..<specification.size.routerCount {
            accessPoints += makeRouter(router, firstIndex: accessPoints.count)
        }
        return accessPoints
    }

    /// The surveyors' phone hotspots: one with a manufacturer address, the rest randomized (LAA).
    mutating func makeHotspots() -> [PhoneHotspot] {
        let names = ["AndroidAP_", "iPhone von ", "Galaxy S23 ", "Pixel_"]
        return (0..<specification.surveyorCount).map { surveyor in
            let suffix = surveyor % names.count == 1 ? Self.surnames[surveyor % Self.surnames.count]
                : hexSuffix(random.nextInt(below: 0x10000))
            let address = surveyor == 0
                ? uniqueAddress(oui: 0xF8E61A, low: UInt64(random.nextInt(below: 1 << 24)))
                : randomizedAddress()
            return PhoneHotspot(
                bssid: BSSID(rawValue: address), ssid: names[surveyor % names.count] + suffix,
                channel: random.element(of: [1, 6, 11]), surveyorIndex: surveyor)
        }
    }

    /// A fresh locally administered unicast address, as phones randomize them.
    mutating func randomizedAddress() -> UInt64 {
        let raw = random.next() & 0xFFFF_FFFF_FFFF
        return (raw & ~(UInt64(0x03) << 40)) | (UInt64(0x02) << 40)
    }

    private mutating func makeRouter(_ router: Int, firstIndex: Int) -> [SimulatedAccessPoint] {
        let surveyed = grid.randomBuildingPoint(margin: 8, using: &random)
        var current = surveyed
        if random.nextBool(probability: specification.movedFraction) {
            // A move across town: far enough that an engine trusting the survey is badly wrong.
            repeat {
                current = grid.randomBuildingPoint(margin: 8, using: &random)
            } while current.distance(to: surveyed) < grid.extent / 3
        }
        let low = UInt64(random.nextInt(below: 1 << 21)) << 3  // room for +1…+3 siblings
        let primary = uniqueAddress(oui: random.element(of: Self.routerOUIs), low: low)
        var name = makeNetworkName()
        if random.nextBool(probability: specification.hiddenFraction) {
            name = ""
        } else if random.nextBool(probability: specification.optedOutFraction) {
            name += "_nomap"
        }
        let authMode = random.element(of: Self.authModes)
        let power = random.nextDouble(in: -37 ... -27)
        let exponent = random.nextDouble(in: 2.8...3.2)
        var result: [SimulatedAccessPoint] = []
        func add(_ address: UInt64, _ ssid: String, _ auth: String, fiveGHz: Bool, _ role: SimulatedAccessPoint.Role,
                 _ random: inout SeededRandomNumberGenerator) {
            let channel = random.element(of: fiveGHz ? Self.channels5 : Self.channels24)
            result.append(SimulatedAccessPoint(
                index: firstIndex + result.count, routerIndex: router, bssid: BSSID(rawValue: address), ssid: ssid,
                authMode: auth, channel: channel, frequency: fiveGHz ? 5000 + 5 * channel : 2407 + 5 * channel,
                role: role, surveyedPosition: surveyed, currentPosition: current,
                // 5 GHz loses about 6 dB more through walls and over distance.
                referencePower: fiveGHz ? power - 6 : power, pathLossExponent: exponent))
        }
        add(primary, name, authMode, fiveGHz: false, .primary, &random)
        if random.nextBool(probability: specification.dualBandFraction) {
            add(claim(primary + 1), name, authMode, fiveGHz: true, .secondBand, &random)
        }
        if random.nextBool(probability: specification.virtualNetworkFraction) {
            let guest = name.isEmpty ? "Guest" : name + random.element(of: ["-Guest", "-IoT", " Gast"])
            add(claim(primary + 2), guest, authMode, fiveGHz: false, .virtualNetwork, &random)
        }
        if random.nextBool(probability: specification.locallyAdministeredSecondaryFraction) {
            // Routers derive it by setting the local bit of their own first octet.
            let secondary = claim(primary | UInt64(0x02) << 40)
            add(secondary, random.element(of: Self.communityNetworks), "[ESS]", fiveGHz: false,
                .locallyAdministeredSecondary, &random)
        }
        return result
    }

    private mutating func makeNetworkName() -> String {
        let prefix = random.element(of: Self.namePrefixes)
        switch prefix {
        case "Familie ": return prefix + random.element(of: Self.surnames)
        case "Home": return random.nextBool(probability: 0.3) ? "Home, sweet \"Home\"" : "Home" + hexSuffix(random.nextInt(below: 256))
        case "Cafe ", "Praxis ": return prefix + random.element(of: Self.surnames) + ", Gast"
        case "FRITZ!Box 7590": return prefix + " " + String(UnicodeScalar(UInt8(65 + random.nextInt(below: 26))))
            + String(UnicodeScalar(UInt8(65 + random.nextInt(below: 26))))
        default: return prefix + hexSuffix(random.nextInt(below: 0x10000))
        }
    }

    private func hexSuffix(_ value: Int) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A manufacturer address with the given OUI, unique in the town, low three bits clear.
    private mutating func uniqueAddress(oui: UInt64, low: UInt64) -> UInt64 {
        var candidate = oui << 24 | (low & 0xFF_FFF8)
        while usedAddresses.contains(candidate) || usedAddresses.contains(candidate + 1)
            || usedAddresses.contains(candidate + 2) || usedAddresses.contains(candidate | UInt64(0x02) << 40) {
            candidate = oui << 24 | (UInt64(random.nextInt(below: 1 << 21)) << 3)
        }
        usedAddresses.insert(candidate)
        return candidate
    }

    private mutating func claim(_ address: UInt64) -> UInt64 {
        usedAddresses.insert(address)
        return address
    }
}
