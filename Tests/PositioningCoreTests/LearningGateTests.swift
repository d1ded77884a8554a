import Foundation
import PositioningCore
import Testing

@Suite struct LearningGateTests {
    static let here = Coordinate(latitude: 52.52, longitude: 13.405)
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let router = BSSID("b4:ee:b4:36:d2:b0")!

    static func sample(accuracy: Double = 6, fixAge: TimeInterval = 0, speed: Double? = 1.4,
                       wifi: [WiFiObservation] = [WiFiObservation(bssid: router, signalStrength: -60, ssid: "Home")],
                       cells: [CellObservation] = []) -> LearningSample {
        LearningSample(
            time: now, fix: .init(coordinate: here, accuracy: accuracy, time: now.addingTimeInterval(-fixAge), speed: speed),
            wifi: wifi, cells: cells)
    }

    @Test func aGoodFixPlacesWhatWasHeardThere() throws {
        var gate = LearningGate()
        guard case .accepted(let rows, optedOut: 0, randomized: 0) = gate.evaluate(Self.sample()) else {
            Issue.record("expected the sample to be accepted")
            return
        }
        guard case .accessPoint(let bssid, let seen) = try #require(rows.first) else {
            Issue.record("expected an access-point sighting")
            return
        }
        #expect(bssid == Self.router)
        #expect(seen.position == Self.here)
        #expect(seen.signalStrength == -60)
        #expect(seen.time == Self.now)
    }

    @Test(arguments: [
        (LearningGateTests.sample(accuracy: 35), LearningGate.Rejection.inaccurateFix),
        (LearningGateTests.sample(speed: 70), .tooFast),
        (LearningGateTests.sample(fixAge: 30), .staleFix),
        (LearningGateTests.sample(fixAge: 5, speed: 15), .staleFix),
        (LearningGateTests.sample(wifi: []), .nothingHeard),
        (LearningSample(time: LearningGateTests.now, fix: nil, wifi: [WiFiObservation(bssid: LearningGateTests.router)]), .noFix),
    ])
    func samplesThatCannotBeTrustedTeachNothing(sample: LearningSample, reason: LearningGate.Rejection) {
        var gate = LearningGate()
        #expect(gate.evaluate(sample) == .rejected(reason))
    }

    @Test func speedIsDerivedFromSuccessiveFixesWhenTheReceiverGivesNone() {
        var gate = LearningGate()
        _ = gate.evaluate(Self.sample(speed: nil))
        // 10 s later, 2 km further north: 200 m/s, an aeroplane.
        let later = LearningSample(
            time: Self.now.addingTimeInterval(10),
            fix: .init(coordinate: Coordinate(latitude: 52.538, longitude: 13.405), accuracy: 5,
                       time: Self.now.addingTimeInterval(10)),
            wifi: [WiFiObservation(bssid: Self.router)])
        #expect(gate.evaluate(later) == .rejected(.tooFast))
    }

    @Test func optedOutNetworksAndRandomizedPhonesAreNeverRecorded() {
        var gate = LearningGate()
        let secondary = BSSID(rawValue: Self.router.rawValue | 0x02 << 40)
        let phone = BSSID("5a:99:88:77:66:55")!
        let sample = Self.sample(wifi: [
            WiFiObservation(bssid: Self.router, ssid: "Home"),
            WiFiObservation(bssid: BSSID("00:11:22:33:44:55")!, ssid: "Neighbour_nomap"),
            WiFiObservation(bssid: BSSID("00:11:22:33:44:56")!, ssid: "Office_optout_x"),
            WiFiObservation(bssid: secondary, ssid: "Home-guest"),
            WiFiObservation(bssid: phone, ssid: "Anna's phone"),
        ])
        guard case .accepted(let rows, let optedOut, let randomized) = gate.evaluate(sample) else {
            Issue.record("expected the sample to be accepted")
            return
        }
        let recorded = rows.compactMap { row -> BSSID? in
            if case .accessPoint(let bssid, _) = row { return bssid } else { return nil }
        }
        #expect(recorded == [Self.router, secondary])
        #expect(optedOut == 2)
        #expect(randomized == 1)
    }
}
