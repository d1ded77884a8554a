import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// The order published cells are written in: the `cells` table's key order, a file's later
/// row for a cell after its earlier one.
@Suite struct PublishedCellOrderTests {
    @Test func packedKeysSortAsTheFieldsDo() throws {
        var random = SplitMix64(seed: 30)
        let radios: [RadioType] = [.gsm, .wcdma, .lte, .nr, .cdma]
        var identities: [CellIdentity] = []
        for _ in 0..<5_000 {
            let radio = radios[Int(random.next() % 5)]
            let (mnc, area, cell): (UInt64, UInt64, UInt64) = switch radio {
            case .nr: (999, 1 << 24, 1 << 36)
            case .cdma: (32_768, 65_536, 65_536)
            case .gsm: (1_000, 65_536, 65_536)
            default: (1_000, 65_536, 1 << 28)
            }
            // Few distinct values per field, so equal keys and equal prefixes occur.
            identities.append(try CellIdentity(
                radio: radio, mcc: Int(1 + random.next() % 3 * 499), mnc: Int(random.next() % 3 * (mnc - 1) / 2),
                area: Int(random.next() % 3 * (area - 1) / 2), cellID: Int64(random.next() % 4 * (cell - 1) / 3)))
        }
        let names = ["cdma": 0, "gsm": 1, "lte": 2, "nr": 3, "wcdma": 4]
        let expected = identities.indices.sorted { a, b in
            let (x, y) = (identities[a], identities[b])
            return (names[x.radio.rawValue]!, x.mcc, x.mnc, x.area, x.cellID, a) < (names[y.radio.rawValue]!, y.mcc, y.mnc, y.area, y.cellID, b)
        }
        #expect(SurveyImporter.keyOrder(of: identities) == expected)
    }
}
