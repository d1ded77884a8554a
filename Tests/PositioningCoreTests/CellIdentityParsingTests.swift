import Testing

@testable import PositioningCore

@Suite struct CellIdentityParsingTests {
    @Test func readsTheFiveFieldsOfTheFormDescriptionPrints() throws {
        let cell = try CellIdentity(parsing: "lte/262/2/44803/20714553")
        #expect(cell.radio == .lte)
        #expect(cell.mcc == 262)
        #expect(cell.mnc == 2)
        #expect(cell.area == 44803)
        #expect(cell.cellID == 20_714_553)
        #expect(try CellIdentity(parsing: cell.description) == cell)
    }

    @Test(arguments: [
        ("UMTS/262/1/1/1", RadioType.wcdma), ("5g/262/1/1/1", .nr), ("GSM/262/1/1/1", .gsm), ("cdma/310/4/1/1", .cdma),
    ])
    func takesEveryRadioNameInAnyCase(_ text: String, _ radio: RadioType) throws {
        #expect(try CellIdentity(parsing: text).radio == radio)
    }

    @Test(arguments: [
        ("lte/262/2/44803", "4 fields where radio/mcc/mnc/area/cid has 5"),
        ("lte/262/2/44803/1/9", "6 fields where radio/mcc/mnc/area/cid has 5"),
        ("bogus", "1 field where radio/mcc/mnc/area/cid has 5"),
        ("wimax/262/2/44803/1", "unknown radio 'wimax' (gsm, wcdma, lte, nr or cdma)"),
        ("lte/DE/2/44803/1", "MCC 'DE' is not a number"),
        ("lte/262//44803/1", "MNC '' is not a number"),
        ("lte/262/2/0xAF03/1", "TAC '0xAF03' is not a number"),
        ("gsm/262/2/1/1.5", "cell id '1.5' is not a number"),
    ])
    func rejectsAMalformedCellSayingWhichFieldIsWrong(_ text: String, _ reason: String) {
        #expect(throws: CellIdentity.ParseError.malformed(reason: reason)) { try CellIdentity(parsing: text) }
    }

    @Test(arguments: [
        ("lte/0/2/44803/1", "MCC 0 outside 1…999"),
        ("lte/262/2/65536/1", "TAC 65536 outside 0…65535 for lte"),
        ("gsm/262/2/1/65536", "cell id 65536 outside 0…65535 for gsm"),
        ("lte/262/-1/1/1", "MNC -1 outside 0…999"),
    ])
    func rejectsAValueOutsideItsRadiosRangeWithTheRangesReason(_ text: String, _ reason: String) {
        #expect(throws: CellIdentity.ParseError.invalid(CellIdentity.Invalid(reason: reason))) { try CellIdentity(parsing: text) }
    }
}
