import Foundation
import JSONCodec
import PositioningCore
import SurveyFormats
import Testing

/// Ichnaea's v0 submit items, which GeoClue 2.6 uploads (`gclue_mozilla_create_submit_query`).
@Suite struct GeosubmitVersion0Tests {
    private static func rows(_ item: String) throws -> [SurveyRow] {
        try GeosubmitItemParser.rows(from: try JSONParser.parse(Array(item.utf8)))
    }

    @Test(arguments: [
        ("2026-12-02T10:04:05+01", 1_796_202_245.0), ("2026-12-02T09:04:05Z", 1_796_202_245.0),
        ("2026-12-02T14:34:05+05:30", 1_796_202_245.0), ("2026-12-02T09:04:05", 1_796_202_245.0),
        ("2026-12-02T05:04:05.250-0400", 1_796_202_245.25),
    ])
    func geoClueTimesAreRead(_ time: String, _ seconds: Double) throws {
        let rows = try Self.rows(#"{"lat":52.5,"lon":13.4,"accuracy":8,"time":"\#(time)","wifi":[{"key":"00:1b:2c:3d:4e:01","signal":-55}]}"#)
        guard case .accessPoint(_, let sighting)? = rows.first else { Issue.record("no access point: \(rows)"); return }
        #expect(sighting.time == Date(timeIntervalSince1970: seconds), "\(time)")
    }

    @Test func geoClue26sItemBecomesSightingsAtItsPosition() throws {
        let rows = try Self.rows(#"""
            {"lat":48.1372,"lon":11.5754,"accuracy":12,"altitude":520,"time":"2026-12-02T10:04:05+01","radioType":"gsm",
             "wifi":[{"key":"00:1b:2c:3d:4e:01","signal":-55,"frequency":2412},{"key":"00:1b:2c:3d:4e:02","signal":-70,"frequency":5180}],
             "cell":[{"radio":"gsm","cid":115668,"mcc":262,"mnc":1,"lac":43981}]}
            """#)
        #expect(rows.count == 3)
        for row in rows {
            switch row {
            case .accessPoint(let bssid, let sighting):
                #expect(bssid.description.hasPrefix("00:1b:2c:3d:4e:0"))
                #expect(sighting.position == Coordinate(latitude: 48.1372, longitude: 11.5754))
                #expect(sighting.positionAccuracy == 12)
                #expect(sighting.signalStrength == -55 || sighting.signalStrength == -70)
            case .cellObservation(let cell, let sighting):
                #expect(cell.mcc == 262 && cell.mnc == 1 && cell.area == 43981 && cell.cellID == 115668)
                #expect(sighting.position == Coordinate(latitude: 48.1372, longitude: 11.5754))
            default:
                Issue.record("unexpected row \(row)")
            }
        }
    }

    @Test func aVersion0UMTSCellIsAWCDMACell() throws {
        let rows = try Self.rows(#"{"lat":48.1,"lon":11.5,"radio":"umts","cell":[{"mcc":262,"mnc":2,"lac":801,"cid":12345678,"psc":5}]}"#)
        guard case .cellObservation(let cell, _)? = rows.first else { Issue.record("no cell: \(rows)"); return }
        #expect(cell.radio == .wcdma)
        #expect(cell.cellID == 12345678)
    }

    @Test(arguments: [
        #"{"lat":"north","lon":11.5,"wifi":[{"key":"00:1b:2c:3d:4e:01"}]}"#,
        #"{"lat":48.1,"wifi":[{"key":"00:1b:2c:3d:4e:01"}]}"#,
        #"{"lat":95,"lon":11.5,"wifi":[{"key":"00:1b:2c:3d:4e:01"}]}"#,
    ])
    func anItemWithoutAValidPositionIsRefused(_ item: String) {
        #expect(throws: SurveyRowError.self) { try Self.rows(item) }
    }
}
