public import PositioningCore

/// Groups the virtual access points of one physical router, so they count once for weighting.
///
/// A router that serves several networks (home, guest, eduroam…) announces each from its own
/// BSSID, derived from its base address by changing the last nibble (`70:f0:96:d2:d8:00`,
/// `…:01`, `…:02`) or by setting the locally-administered bit of the first octet and
/// rewriting the rest of the vendor prefix (`ac:22:05:db:4d:5b` and `ae:22:15:db:4d:5b`, a
/// Vodafone Homespot in the jc `iw scan` fixture). Two access points are siblings when,
/// ignoring the locally-administered bit, their addresses differ only in the last nibble, or
/// when exactly one of them is locally administered and their last three octets match but for
/// the last nibble — and they were heard together (ages within ``maximumAgeDifference`` when
/// both are known). Siblings of siblings join the same group.
///
/// Addresses that merely share a vendor prefix (an office full of one maker's access points,
/// usually 16 addresses apart) are not grouped.
public enum VirtualAccessPointGrouping {
    /// The largest difference in last-heard age, in milliseconds, for two access points to
    /// count as heard together.
    public static let maximumAgeDifference = 10_000

    private static let locallyAdministeredBit: UInt64 = 0x02 << 40

    /// Whether two BSSIDs look like virtual access points of one router.
    public static func areSiblings(_ first: BSSID, _ second: BSSID) -> Bool {
        guard first != second else { return false }
        let difference = first.rawValue ^ second.rawValue
        let withoutLocalBit = difference & ~locallyAdministeredBit
        if withoutLocalBit & ~0xF == 0 { return true }
        return difference & locallyAdministeredBit != 0 && difference & 0xFF_FFF0 == 0
    }

    /// The access points with ``ScannedAccessPoint/groupID`` set to the smallest BSSID of their
    /// group, or nil for an access point without siblings; order is kept.
    public static func grouped(_ accessPoints: [ScannedAccessPoint]) -> [ScannedAccessPoint] {
        var joined = DisjointSets(count: accessPoints.count)
        for first in accessPoints.indices {
            for second in accessPoints.indices where second > first {
                guard areSiblings(accessPoints[first].bssid, accessPoints[second].bssid),
                    heardTogether(accessPoints[first], accessPoints[second])
                else { continue }
                joined.join(first, second)
            }
        }
        var result = accessPoints
        for group in joined.sets() {
            let groupID = group.count > 1 ? group.map { accessPoints[$0].bssid }.min() : nil
            for index in group { result[index].groupID = groupID }
        }
        return result
    }

    private static func heardTogether(_ first: ScannedAccessPoint, _ second: ScannedAccessPoint) -> Bool {
        guard let firstAge = first.age, let secondAge = second.age else { return true }
        return abs(firstAge - secondAge) <= maximumAgeDifference
    }
}
