import PositioningCore
import Testing

@testable import SurveyFormats

@Suite struct PlaceParserTests {
    static func row(
        id: String = "294778", name: String = "Herzliya", featureClass: String = "P", code: String = "PPL",
        latitude: String = "32.16627", longitude: String = "34.84311", population: String = "83600"
    ) -> Substring {
        Substring([id, name, name, "Herzliyya,הרצליה", latitude, longitude, featureClass, code, "IL", "", "05", "", "", "",
                   population, "", "34", "Asia/Jerusalem", "2024-01-01"].joined(separator: "\t"))
    }

    @Test func aCitiesRowBecomesAPlace() throws {
        let place = try GeoNamesParser.parsePlace(Self.row())
        #expect(place.id == 294778)
        #expect(place.name == "Herzliya")
        #expect(place.coordinate == Coordinate(latitude: 32.16627, longitude: 34.84311))
        #expect(place.countryCode == "IL")
        #expect(place.admin1Key == "IL.05")
        #expect(place.population == 83600)
    }

    @Test(arguments: ["PPL", "PPLA", "PPLC", "PPLX", "PPLQ", "PPLW", "STLMT", "XYZ"])
    func everyClassPRowCountsWhateverItsCode(code: String) throws {
        #expect(try GeoNamesParser.parsePlace(Self.row(code: code)).featureCode == code)
    }

    @Test func anEmptyPopulationIsZero() throws {
        #expect(try GeoNamesParser.parsePlace(Self.row(population: "")).population == 0)
    }

    @Test(arguments: [
        (row(featureClass: "A"), GeoNamesParser.notPopulatedReason),
        (row(featureClass: "S"), GeoNamesParser.notPopulatedReason),
        (row(id: "x1"), GeoNamesParser.invalidIDReason),
        (row(id: "-4"), GeoNamesParser.invalidIDReason),
        (row(name: ""), GeoNamesParser.missingNameReason),
        (row(latitude: "91"), SurveyRowError.invalidCoordinateReason),
        (row(longitude: "abc"), SurveyRowError.invalidCoordinateReason),
        (row(latitude: "0", longitude: "0"), SurveyRowError.invalidCoordinateReason),
        (row(population: "many"), "invalid population"),
        (Substring("1\tShort\tShort"), GeoNamesParser.wrongColumnCountReason),
        (Substring(""), GeoNamesParser.wrongColumnCountReason),
        (row() + "\textra", GeoNamesParser.wrongColumnCountReason),
    ])
    func malformedRowsAreRejectedWithTheirReason(line: Substring, reason: String) {
        #expect(throws: SurveyRowError.self) { try GeoNamesParser.parsePlace(line) }
        do {
            _ = try GeoNamesParser.parsePlace(line)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func countryInfoRowsAndComments() throws {
        #expect(try GeoNamesParser.parseCountry("#ISO\tISO3\tISO-Numeric") == nil)
        let country = try GeoNamesParser.parseCountry(
            "IL\tISR\t376\tIS\tIsrael\tJerusalem\t20770\t9000000\tAS\t.il\tILS\tShekel\t972\t\t\the\t294640\tSY\t")
        #expect(country == GeoNamesCountry(code: "IL", name: "Israel"))
        #expect(throws: SurveyRowError.self) { try GeoNamesParser.parseCountry("ISR\tx\ty\tz\tIsrael") }
        #expect(throws: SurveyRowError.self) { try GeoNamesParser.parseCountry("IL\tISR") }
    }

    @Test func admin1Rows() throws {
        let area = try GeoNamesParser.parseAdminArea("IL.05\tTel Aviv\tTel Aviv\t293396")
        #expect(area == GeoNamesAdminArea(key: "IL.05", name: "Tel Aviv", asciiName: "Tel Aviv"))
        #expect(throws: SurveyRowError.self) { try GeoNamesParser.parseAdminArea("IL05\tTel Aviv\tTel Aviv\t1") }
        #expect(throws: SurveyRowError.self) { try GeoNamesParser.parseAdminArea("IL.05\t\t\t1") }
        #expect(throws: SurveyRowError.self) { try GeoNamesParser.parseAdminArea("IL.05\tTel Aviv") }
    }

    @Test func fileKindsAreRecognisedByShape() {
        #expect(GeoNamesFileKind.detect(firstLine: Self.row()) == .places)
        #expect(GeoNamesFileKind.detect(firstLine: "IL\tISR\t376\tIS\tIsrael\tJerusalem") == .countries)
        #expect(GeoNamesFileKind.detect(firstLine: "IL.05\tTel Aviv\tTel Aviv\t293396") == .adminAreas)
        #expect(GeoNamesFileKind.detect(firstLine: "radio,mcc,net,area,cell,unit,lon,lat") == nil)
        #expect(GeoNamesFileKind.detect(firstLine: "a\tb") == nil)
    }

    @Test func displayNamesLeaveOutWhatIsUnknown() throws {
        let place = try GeoNamesParser.parsePlace(Self.row())
        #expect(NamedPlace(place: place, adminAreaName: "Tel Aviv", countryName: "Israel").displayName
                == "Herzliya, Tel Aviv, Israel")
        #expect(NamedPlace(place: place).displayName == "Herzliya, IL")
    }
}
