// The Linux side of the example: a simulated town and its walk stand in for the street outside,
// through environment variables the unchanged samples' CLLocationManager() reads
// (WHEREABOUTS_REPLAY, WHEREABOUTS_DB, XDG_CONFIG_HOME, XDG_DATA_HOME). Then each sample runs on
// the main thread's run loop, one after the other, and prints what its delegate was told; last,
// one scan of the walk is answered as one geolocate request through the Geolocation library.
import CoreLocationLinux
import ExampleApp
import Foundation
import GeolocationSample
import PositioningCore
import WorldSimulator

let scratch = NSTemporaryDirectory() + "whereabouts-example-\(getpid())"
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
defer { try? FileManager.default.removeItem(atPath: scratch) }

let world: SimulatedWorld
do {
    world = try SimulatedWorld.build(
        seed: 7, in: scratch + "/town", walkDuration: 600,
        placeFiles: ["cities.txt", "admin1CodesASCII.txt", "countryInfo.txt"].map { fixtures.appendingPathComponent($0).path })
    let configuration = scratch + "/config/whereabouts"
    try FileManager.default.createDirectory(atPath: configuration, withIntermediateDirectories: true)
    // Wi-Fi first: a hundred-metre request stops at a Wi-Fi fix within 100 m, else goes on to
    // the cell and the GPS (this uncalibrated map's Wi-Fi radius, ≈ 190 m, does not meet it).
    try "sources = wifi, cell, gps\n".write(toFile: configuration + "/whereabouts.conf", atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write("cannot build the simulated town: \(error)\n".data(using: .utf8)!)
    exit(1)
}
setenv("XDG_CONFIG_HOME", scratch + "/config", 1)
setenv("XDG_DATA_HOME", scratch + "/data", 1)
setenv("WHEREABOUTS_DB", world.radioMapPath, 1)
setenv("WHEREABOUTS_REPLAY", world.directory + "/" + TownWriter.FileName.walkTrace, 1)
setenv("WHEREABOUTS_REPLAY_SPEED", "0", 1)

/// Runs one sample on the main run loop until it calls its `finish`, or fails after a minute.
func run(_ title: String, _ start: (@escaping () -> Void) -> Any) {
    print("== \(title)")
    var finished = false
    let sample = start { finished = true }
    let deadline = Date().addingTimeInterval(60)
    while !finished && Date() < deadline {
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05))
    }
    withExtendedLifetime(sample) {}
    if !finished {
        print("\(title): no answer within a minute")
        exit(1)
    }
}

run("1. one shared manager, two observers") { finish in
    let pin = MapPin(limit: 3)
    let odometer = Odometer(limit: 6, onFinish: finish)
    SharedLocationManager.shared.addObserver(pin)
    SharedLocationManager.shared.addObserver(odometer)
    return [pin, odometer]
}
run("2. standard updates: hundred-metre accuracy, 50 m distance filter") { finish in
    let sample = StandardUpdates(limit: 5, distanceFilter: 50, onFinish: finish)
    sample.start()
    return sample
}
let park = world.steps[150].truth
run("3. region monitoring: 60 m around where the walk is at 5:00") { finish in
    let sample = RegionMonitor(
        center: CLLocationCoordinate2D(latitude: park.latitude, longitude: park.longitude), radius: 60,
        identifier: "park", onFinish: finish)
    sample.start()
    return sample
}
run("4. reverse geocoding") { finish in
    let sample = WhereAmI(onFinish: finish)
    sample.start()
    return sample
}

print("== 5. one geolocate request through Geolocation: the walk's scan at 5:00")
do {
    // The walk scans every fifth sample: the first scan from 5:00 on.
    guard let scan = world.steps[150...].first(where: { !$0.sample.wifi.isEmpty }) else {
        print("the walk has no scan after 5:00")
        exit(1)
    }
    print("request: \(scan.sample.wifi.count) access points, \(scan.sample.cells.count) cells")
    let answer = try OneRequest.answer(wifi: scan.sample.wifi, cells: scan.sample.cells, radioMapPath: world.radioMapPath)
    OneRequest.lines(for: answer).forEach { print($0) }
    if let location = answer.location {
        print(String(format: "the walker was %.0f m away", Geodesy.distance(from: location.coordinate, to: scan.truth)))
    }
} catch {
    print("geolocate request failed: \(error)")
    exit(1)
}
