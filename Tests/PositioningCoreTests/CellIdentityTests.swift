import Testing

@testable import PositioningCore

@Suite struct CellIdentityTests {
    struct RangeCase: Sendable, CustomTestStringConvertible {
        let radio: RadioType
        let area: Int
        let cellID: Int64
        let valid: Bool
        var testDescription: String { "\(radio) area \(area) cell \(cellID) valid=\(valid)" }
    }

    static let rangeCases: [RangeCase] = [
        RangeCase(radio: .gsm, area: 65535, cellID: 65535, valid: true),
        RangeCase(radio: .gsm, area: 65535, cellID: 65536, valid: false),
        RangeCase(radio: .wcdma, area: 1, cellID: (1 << 28) - 1, valid: true),
        RangeCase(radio: .lte, area: 65535, cellID: (1 << 28) - 1, valid: true),
        RangeCase(radio: .lte, area: 65536, cellID: 1, valid: false),
        RangeCase(radio: .lte, area: 1, cellID: 1 << 28, valid: false),
        RangeCase(radio: .nr, area: (1 << 24) - 1, cellID: (1 << 36) - 1, valid: true),
        RangeCase(radio: .nr, area: 1 << 24, cellID: 1, valid: false),
    ]

    @Test(arguments: rangeCases)
    func enforcesEachRadiosRanges(_ rangeCase: RangeCase) {
        let made = try? CellIdentity(
            radio: rangeCase.radio, mcc: 262, mnc: 1, area: rangeCase.area, cellID: rangeCase.cellID)
        #expect((made != nil) == rangeCase.valid)
    }

    @Test func rejectsAnInvalidCountryCodeWithAReason() {
        #expect(throws: CellIdentity.Invalid.self) {
            try CellIdentity(radio: .gsm, mcc: 0, mnc: 1, area: 1, cellID: 1)
        }
    }

    @Test func printsTheFormForgetTakes() throws {
        let cell = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 44803, cellID: 20_714_553)
        #expect(cell.description == "lte/262/2/44803/20714553")
    }
}
