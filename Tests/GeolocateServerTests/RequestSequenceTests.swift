import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import SurveyFormats
import Testing
import TestSupport
import TownTestSupport
import WorldSimulator

@testable import GeolocateServer

/// A real server answering one client's successive requests the way GeoClue sends them: each
/// scan's table with the kernel's leftovers (`simulate --scan-cache 30`) and no ages.
@Suite(.preparing(TestTown.fixture)) struct RequestSequenceTests {
    /// The median error over a trace through the test town (a scan every 4 s for 10 minutes),
    /// each scan posted in order on one connection, without its ages unless `keepAges`, to a
    /// server whose requests are (or are not) one client's sequence.
    private func medianError(
        speed: Double, keepAges: Bool = false, sequence: RequestSequence?
    ) throws -> (median: Double, agedNotes: Int) {
        var configuration = ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: TestTown.shared.path)
        configuration.requestSequence = sequence
        let server = try GeolocateServer(configuration: configuration)
        defer { server.stop() }
        let client = try HTTPTestClient(port: server.port)
        let town = TestTown.shared.town
        var errors: [Double] = []
        var agedNotes = 0
        try town.forEachDriveSample(duration: 600, speed: speed, scanCache: 30) { sample in
            guard !sample.accessPoints.isEmpty else { return }
            let readings = sample.accessPoints.map { heard in
                var reading = heard.observation
                if !keepAges { reading.age = nil }
                return reading
            }
            try client.post("/v1/geolocate", GeolocateRequest(wifiAccessPoints: readings, considerIp: false).jsonString)
            let response = try #require(try client.readResponse())
            guard response.status == 200 else { return }
            let answer = try JSONParser.parse(response.body)
            let location = Coordinate(
                latitude: try #require(answer["location"]?["lat"]?.doubleValue),
                longitude: try #require(answer["location"]?["lng"]?.doubleValue))
            errors.append(Geodesy.distance(from: location, to: town.coordinate(of: sample.truePosition)))
            if response.body.contains("repeat the previous request's signal") { agedNotes += 1 }
        }
        errors.sort()
        return (errors[errors.count / 2], agedNotes)
    }

    @Test func aCarsLeftoversAreToldByTheirRepeats() throws {
        // At 10 m/s; the kernel reports what a scan missed for 30 s. Seed 11's tiny town: 89 m
        // taken alone, 54 m as a sequence, 52 m with the kernel's own ages.
        let alone = try medianError(speed: 10, sequence: nil)
        let sequence = try medianError(speed: 10, sequence: RequestSequence(timing: .spaced(.seconds(4))))
        let aged = try medianError(speed: 10, keepAges: true, sequence: nil)
        #expect(alone.agedNotes == 0 && sequence.agedNotes > 50)
        #expect(sequence.median < 0.7 * alone.median, "alone \(alone.median) m, as a sequence \(sequence.median) m")
        #expect(sequence.median < 1.15 * aged.median, "with ages \(aged.median) m, as a sequence \(sequence.median) m")
    }

    @Test func clientsAreJudgedEachByItsOwnPreviousRequest() throws {
        func request(_ signals: [Double]) -> GeolocateRequest {
            GeolocateRequest(wifiAccessPoints: signals.enumerated().map { index, signal in
                WiFiObservation(bssid: BSSID(octets: [0x00, 0x11, 0x22, 0x33, 0x44, UInt8(index)])!, signalStrength: signal)
            })
        }
        let sequence = RequestSequence(timing: .spaced(.seconds(10)))
        var first = request([-60, -70, -80])
        sequence.supplyAges(to: &first, from: "192.0.2.1")
        // Another machine in the same house hears the same routers, one of them to the dBm.
        var neighbour = request([-61, -70, -79])
        #expect(sequence.supplyAges(to: &neighbour, from: "192.0.2.2") == 0)
        var second = request([-62, -70, -80])
        #expect(sequence.supplyAges(to: &second, from: "192.0.2.1") == 2)
        #expect(second.wifiAccessPoints.map(\.age) == [nil, 10_000, 10_000])
        // Past `maximumClients` others, the first client is forgotten: its next request stands alone.
        for other in 0..<RequestSequence.maximumClients {
            var filler = request([-50])
            sequence.supplyAges(to: &filler, from: "198.51.100.\(other)")
        }
        var third = request([-63, -70, -80])
        #expect(sequence.supplyAges(to: &third, from: "192.0.2.1") == 0)
    }

    @Test func aLaptopStandingStillLosesLittle() throws {
        // Standing still, a reading repeats its last signal by chance, or is a weak neighbour
        // the scan missed: setting it aside costs little, and the kernel's own ages cost as much.
        // Seed 11: 65 m alone, 69 m as a sequence, 68 m with ages.
        let alone = try medianError(speed: 0, sequence: nil)
        let sequence = try medianError(speed: 0, sequence: RequestSequence(timing: .spaced(.seconds(4))))
        let aged = try medianError(speed: 0, keepAges: true, sequence: nil)
        #expect(sequence.median < 1.1 * alone.median, "alone \(alone.median) m, as a sequence \(sequence.median) m")
        #expect(sequence.median < 1.1 * aged.median, "with ages \(aged.median) m, as a sequence \(sequence.median) m")
    }
}
