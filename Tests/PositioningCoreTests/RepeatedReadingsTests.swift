import Testing

@testable import PositioningCore

/// What a client's repeats of its previous request say about its readings' ages.
@Suite struct RepeatedReadingsTests {
    private func request(_ readings: [(String, Double?)], ages: Int? = nil) -> GeolocateRequest {
        GeolocateRequest(wifiAccessPoints: readings.map { bssid, signal in
            WiFiObservation(bssid: BSSID(bssid)!, signalStrength: signal, age: ages)
        })
    }

    private func ages(_ request: GeolocateRequest) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: request.wifiAccessPoints.compactMap { reading in
            reading.age.map { ("\(reading.bssid)", $0) }
        })
    }

    @Test func aReadingTheNewScanDidNotChangeIsAgedFromTheRequestThatFirstCarriedIt() {
        var history = RepeatedReadings()
        var first = request([("00:00:00:00:00:0a", -60), ("00:00:00:00:00:0b", -70), ("00:00:00:00:00:0c", -80)])
        #expect(history.supplyAges(to: &first, at: .seconds(0)) == 0)
        #expect(ages(first).isEmpty)
        // A scan 10 s later heard a and a new d again; b kept its old signal; c expired.
        var second = request([("00:00:00:00:00:0a", -62), ("00:00:00:00:00:0b", -70), ("00:00:00:00:00:0d", -75)])
        #expect(history.supplyAges(to: &second, at: .seconds(10)) == 1)
        #expect(ages(second) == ["00:00:00:00:00:0b": 10_000])
        // Still unchanged another scan later: last heard before the first request.
        var third = request([("00:00:00:00:00:0a", -61), ("00:00:00:00:00:0b", -70), ("00:00:00:00:00:0d", -75)])
        #expect(history.supplyAges(to: &third, at: .milliseconds(20_500)) == 2)
        #expect(ages(third) == ["00:00:00:00:00:0b": 20_500, "00:00:00:00:00:0d": 10_500])
    }

    @Test func theSameTablePostedAgainSaysNothing() {
        var history = RepeatedReadings()
        let table = [("00:00:00:00:00:0a", -60.0), ("00:00:00:00:00:0b", -70.0)]
        var first = request(table)
        var again = request(table)
        history.supplyAges(to: &first, at: .seconds(0))
        #expect(history.supplyAges(to: &again, at: .seconds(30)) == 0)
        #expect(ages(again).isEmpty, "no scan came in between, so no reading is known to be old")
        // The next scan changes a: b has been unchanged since the first request.
        var next = request([("00:00:00:00:00:0a", -65), ("00:00:00:00:00:0b", -70)])
        history.supplyAges(to: &next, at: .seconds(40))
        #expect(ages(next) == ["00:00:00:00:00:0b": 40_000])
    }

    @Test func aClientThatSendsAgesIsBelieved() {
        var history = RepeatedReadings()
        var first = request([("00:00:00:00:00:0a", -60), ("00:00:00:00:00:0b", -70)], ages: 100)
        var second = request([("00:00:00:00:00:0a", -61), ("00:00:00:00:00:0b", -70)], ages: 200)
        history.supplyAges(to: &first, at: .seconds(0))
        #expect(history.supplyAges(to: &second, at: .seconds(10)) == 0)
        #expect(ages(second) == ["00:00:00:00:00:0a": 200, "00:00:00:00:00:0b": 200])
    }

    @Test func readingsWithoutASignalAndCellOnlyRequestsChangeNothing() {
        var history = RepeatedReadings()
        var first = request([("00:00:00:00:00:0a", -60), ("00:00:00:00:00:0b", nil)])
        history.supplyAges(to: &first, at: .seconds(0))
        var cellsOnly = GeolocateRequest()
        #expect(history.supplyAges(to: &cellsOnly, at: .seconds(5)) == 0)
        var second = request([("00:00:00:00:00:0a", -60), ("00:00:00:00:00:0b", nil), ("00:00:00:00:00:0c", -50)])
        history.supplyAges(to: &second, at: .seconds(10))
        #expect(ages(second) == ["00:00:00:00:00:0a": 10_000], "a reading without a signal cannot repeat one")
    }
}
