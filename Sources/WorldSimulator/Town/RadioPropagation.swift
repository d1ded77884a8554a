import Foundation

/// The signal model: log-distance path loss, spatially consistent shadowing, and per-reading
/// noise.
///
/// Shadowing (walls, trees, parked vans) is a Gaussian offset per router or cell and per patch
/// of ground (25 m for Wi-Fi, 50 m for cells), derived from a hash of the seed, the emitter and
/// the patch. Two scans in the same patch therefore see the same offset for an access point, as
/// in the real world, which is what lets fingerprinting work; the per-reading noise on top is
/// independent.
struct RadioPropagation: Sendable {
    let seed: UInt64
    let shadowingSigma: Double
    /// Size of a shadowing patch, metres.
    let patchSize: Double = 25

    /// Mean received power of `accessPoint` at `receiver` when it stands at `source`, dBm.
    func meanSignal(of accessPoint: SimulatedAccessPoint, at receiver: PlanePosition, from source: PlanePosition) -> Double {
        let distance = max(1, receiver.distance(to: source))
        return accessPoint.referencePower - 10 * accessPoint.pathLossExponent * log10(distance)
            // Keyed by router: a router's sibling BSSIDs sit behind the same walls.
            + shadowing(emitter: UInt64(accessPoint.routerIndex), at: receiver)
    }

    /// Mean received power of `cell` at `receiver`, dBm: 3.5 path-loss exponent beyond 100 m,
    /// and a sector antenna that loses up to 20 dB off its main lobe.
    func meanSignal(of cell: SimulatedCell, at receiver: PlanePosition) -> Double {
        let distance = max(30, receiver.distance(to: cell.sitePosition))
        var offAxis = abs(cell.sitePosition.bearing(to: receiver) - cell.azimuth)
        if offAxis > 180 { offAxis = 360 - offAxis }
        let antennaGain = -min(12 * (offAxis / 65) * (offAxis / 65), 20)
        return cell.referencePower - 35 * log10(distance / 100) + antennaGain
            + shadowing(emitter: 1 << 40 | UInt64(cell.index), at: receiver, patch: 50)
    }

    private func shadowing(emitter: UInt64, at receiver: PlanePosition, patch: Double? = nil) -> Double {
        let size = patch ?? patchSize
        let column = Int64((receiver.east / size).rounded(.down))
        let row = Int64((receiver.north / size).rounded(.down))
        let key = SeededRandomNumberGenerator.mix(
            seed, emitter, UInt64(bitPattern: column), UInt64(bitPattern: row))
        return shadowingSigma * SeededRandomNumberGenerator.gaussian(forKey: key)
    }
}
