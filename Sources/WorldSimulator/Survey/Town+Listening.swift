import Foundation
import PositioningCore

/// What a scanner hears at a place: the readings shared by the survey and the queries.
extension Town {
    /// When a scan is made: the survey hears routers where they were, queries where they are now.
    enum Epoch {
        case survey
        case query
    }

    /// Farther than this no router is ever heard (path loss alone exceeds 90 dB).
    static let hearingRadius = 250.0

    /// The routers heard at `position`, strongest first.
    func hearAccessPoints(
        at position: PlanePosition, epoch: Epoch, using random: inout SeededRandomNumberGenerator
    ) -> [HeardAccessPoint] {
        var heard: [HeardAccessPoint] = []
        let index = epoch == .survey ? surveyedIndex : currentIndex
        index.forEachCandidate(near: position, radius: Town.hearingRadius) { candidate in
            let accessPoint = accessPoints[candidate]
            let source = epoch == .survey ? accessPoint.surveyedPosition : accessPoint.currentPosition
            guard source.distance(to: position) <= Town.hearingRadius else { return }
            let reading = propagation.meanSignal(of: accessPoint, at: position, from: source)
                + specification.readingNoiseSigma * random.nextGaussian()
            guard reading >= specification.wifiSensitivity else { return }
            heard.append(HeardAccessPoint(
                bssid: accessPoint.bssid, ssid: accessPoint.ssid, authMode: accessPoint.authMode,
                channel: accessPoint.channel, frequency: accessPoint.frequency,
                signalStrength: Int(min(reading, -20).rounded())))
        }
        return heard
    }

    /// A surveyor's own hotspot, heard at close range.
    func hearHotspot(_ hotspot: PhoneHotspot, using random: inout SeededRandomNumberGenerator) -> HeardAccessPoint {
        HeardAccessPoint(
            bssid: hotspot.bssid, ssid: hotspot.ssid, authMode: "[WPA2-PSK-CCMP][ESS]", channel: hotspot.channel,
            frequency: 2407 + 5 * hotspot.channel, signalStrength: Int((-44 + 4 * random.nextGaussian()).rounded()))
    }

    /// Passers-by's phones with randomized addresses: new addresses every scan, Poisson count.
    func hearRandomizedPhones(using random: inout SeededRandomNumberGenerator) -> [HeardAccessPoint] {
        let names = ["", "DIRECT-", "iPhone", "Galaxy A52", "Redmi Note 12"]
        var result: [HeardAccessPoint] = []
        // Knuth's Poisson sampler; the mean is small.
        let limit = exp(-specification.randomizedAddressesPerScan)
        var product = random.nextDouble()
        while product > limit {
            let raw = random.next() & 0xFFFF_FFFF_FFFF
            let address = (raw & ~(UInt64(0x03) << 40)) | (UInt64(0x02) << 40)
            var name = random.element(of: names)
            if name == "DIRECT-" { name += String(address & 0xFF, radix: 16) + "-Android" }
            let channel = random.element(of: [1, 6, 11])
            result.append(HeardAccessPoint(
                bssid: BSSID(rawValue: address), ssid: name, authMode: "[WPA2-PSK-CCMP][ESS]", channel: channel,
                frequency: 2407 + 5 * channel, signalStrength: random.nextInt(in: -88 ... -55)))
            product *= random.nextDouble()
        }
        return result
    }

    /// The cells of one radio and network heard at `position`: the serving (strongest) cell
    /// first, then up to two neighbours.
    func hearCells(
        at position: PlanePosition, radio: RadioType, network: Int, using random: inout SeededRandomNumberGenerator
    ) -> [HeardCell] {
        let sensitivity: Double = radio == .gsm ? -110 : -124
        let strongest: Double = radio == .gsm ? -51 : -44
        var heard: [HeardCell] = []
        for cell in cells where cell.identity.radio == radio && cell.identity.mnc == network {
            let reading = propagation.meanSignal(of: cell, at: position) + 2 * random.nextGaussian()
            guard reading >= sensitivity else { continue }
            heard.append(HeardCell(cell: cell, signalStrength: Int(min(reading, strongest).rounded())))
        }
        heard.sort { ($0.signalStrength, $1.cell.index) > ($1.signalStrength, $0.cell.index) }
        return Array(heard.prefix(3))
    }

    /// Sorts readings strongest first, ties by address, so output order is deterministic.
    static func strongestFirst(_ readings: [HeardAccessPoint]) -> [HeardAccessPoint] {
        readings.sorted { ($0.signalStrength, $1.bssid) > ($1.signalStrength, $0.bssid) }
    }
}
