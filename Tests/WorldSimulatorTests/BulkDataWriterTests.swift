import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import WorldSimulator

@Suite struct BulkDataWriterTests {
    let writer = BulkDataWriter(seed: 9, centre: Coordinate(latitude: 0.001, longitude: -179.999), radiusMeters: 5_000)

    @Test func openCellIDFileHasExactlyTheRequestedUniqueRows() throws {
        let directory = TemporaryDirectory("bulk")
        let report = try writer.writeOpenCellIDCells(count: 5_000, to: directory.path("cells.csv"))
        let lines = try String(contentsOfFile: directory.path("cells.csv"), encoding: .utf8).split(separator: "\n")
        #expect(report.rows == 5_000 && lines.count == 5_001)
        #expect(lines[0] == Substring(TownWriter.openCellIDHeader))
        var identities = Set<CellIdentity>()
        var invalid = 0
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 14, let radio = RadioType(name: fields[0]),
                let identity = try? CellIdentity(
                    radio: radio, mcc: Int(fields[1])!, mnc: Int(fields[2])!, area: Int(fields[3])!,
                    cellID: Int64(fields[4])!),
                let longitude = Double(fields[6]), abs(longitude) <= 180
            else {
                invalid += 1
                continue
            }
            identities.insert(identity)
        }
        #expect(invalid == 0)
        #expect(identities.count == 5_000)
        #expect(report.bytes > 0)
    }

    @Test func wigleFileHasExactlyTheRequestedRows() throws {
        let directory = TemporaryDirectory("bulk")
        let path = directory.path("survey.csv")
        let report = try writer.writeWiGLERows(count: 20_000, to: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(report.rows == 20_000 && lines.count == 20_002)
        #expect(lines[0] == Substring(TownWriter.wiglePreHeader) && lines[1] == Substring(TownWriter.wigleHeader))
        let types = Dictionary(grouping: lines.dropFirst(2)) { $0.split(separator: ",").last! }.mapValues(\.count)
        #expect(Set(types.keys) == ["WIFI", "LTE"])
        // Routers are seen repeatedly, so an importer has something to aggregate.
        let addresses = Set(lines.dropFirst(2).filter { $0.hasSuffix(",WIFI") }.map { $0.prefix(17) })
        #expect(addresses.count < types["WIFI"]! / 5)
        #expect(addresses.allSatisfy { BSSID($0) != nil })
    }

    @Test func bulkFilesAreDeterministic() throws {
        let directory = TemporaryDirectory("bulk")
        try writer.writeWiGLERows(count: 1_000, to: directory.path("a.csv"))
        try writer.writeWiGLERows(count: 1_000, to: directory.path("b.csv"))
        #expect(FileManager.default.contentsEqual(atPath: directory.path("a.csv"), andPath: directory.path("b.csv")))
    }
}
