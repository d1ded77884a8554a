import Foundation
import PositioningCore

extension Town {
    /// Calls `body` with every sample of a drive through the town after the survey: the walk of
    /// `forEachWalkSample` at car speed (`speed` m/s, 10 by default: 36 km/h in town), long
    /// enough by default to pass most streets of a small town. Same seed, same drive;
    /// `scanCache` as for the walk.
    ///
    /// ```swift
    /// town.forEachDriveSample { sample in try session.offer(sample.learningSample(in: town)) }
    /// ```
    public func forEachDriveSample<Failure: Error>(
        duration: Double = 3_600, speed: Double = 10, scanCache: Double = 0,
        _ body: (WalkSample) throws(Failure) -> Void
    ) throws(Failure) {
        try forEachWalkSample(duration: duration, interval: 2, scanEvery: 2, speed: speed, scanCache: scanCache, body)
    }
}

extension WalkSample {
    /// The sample as learning takes it: the GNSS fix in latitude/longitude, the scan as
    /// geolocate observations.
    public func learningSample(in town: Town) -> LearningSample {
        let date = Date(timeIntervalSince1970: Double(time) / 1000)
        return LearningSample(
            time: date,
            fix: fix.map {
                LearningSample.Fix(coordinate: town.coordinate(of: $0.position), accuracy: $0.accuracy, time: date,
                                   speed: $0.speed)
            },
            wifi: accessPoints.map(\.observation), cells: cells.map(\.observation))
    }
}

extension SimulatedScan {
    /// The scan as a geolocate request, as `queries.jsonl` writes it (no SSIDs).
    public var geolocateRequest: GeolocateRequest {
        GeolocateRequest(
            wifiAccessPoints: accessPoints.map { WiFiObservation(bssid: $0.bssid, signalStrength: Double($0.signalStrength), channel: $0.channel) },
            cellTowers: cells.map(\.observation), considerIp: false)
    }
}

extension HeardAccessPoint {
    /// The sighting as a scanner reports it (SSID included, so opted-out networks show).
    public var observation: WiFiObservation {
        WiFiObservation(
            bssid: bssid, signalStrength: Double(signalStrength), frequency: frequency, channel: channel, age: age,
            ssid: ssid)
    }
}

extension HeardCell {
    /// The sighting as a modem reports it.
    public var observation: CellObservation {
        CellObservation(identity: cell.identity, signalStrength: Double(signalStrength))
    }
}
