import PositioningCore
import Testing

/// The MCC table `/v1/country` answers from (mobile-codes 0.7, as Ichnaea's).
@Suite struct MobileCountryCodesTests {
    @Test(arguments: [(262, ["DE"]), (234, ["GG", "IM", "JE", "GB"]), (235, ["GB"]), (255, ["UA"]), (0, []), (999, [])])
    func countriesOfAMobileCountryCode(_ mcc: Int, _ countries: [String]) {
        #expect(MobileCountryCodes.countries(forMCC: mcc) == countries)
    }

    @Test func everyCountryHasAnEnglishNameAnyCase() {
        #expect(MobileCountryCodes.name(ofCountry: "de") == "Germany")
        #expect(MobileCountryCodes.name(ofCountry: "US") == "United States")
        #expect(MobileCountryCodes.name(ofCountry: "AQ") == "Antarctica")
        #expect(MobileCountryCodes.name(ofCountry: "XX") == nil)
        #expect(MobileCountryCodes.countries(forMCC: 310).contains("US"))
    }
}
