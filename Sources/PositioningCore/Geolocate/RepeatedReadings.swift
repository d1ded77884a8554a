/// Ages for the Wi-Fi readings a client repeats from its previous request.
///
/// GeoClue posts wpa_supplicant's BSS table as it stands after a scan, without `age`: an access
/// point the scan missed keeps its last signal there until it expires, so a moving laptop's
/// request mixes what it hears now with what it heard up to a few hundred metres back
/// (`tools/bench leftovers`: a simulated drive errs 3–4× as much). A scan rarely hears the same
/// access point twice to the dBm, so a reading that repeats the previous request's signal
/// exactly, in a request where other readings changed or appeared (a new scan came in), was not
/// heard by that scan. It was last heard no later than the request that first carried its
/// signal, so it is given the time since then as its `age` — a lower bound — and
/// `StaleReadings` sets it aside like any reading more than 5 s behind the freshest.
///
/// Requests whose readings carry their own ages are left as they are, and so is a request that
/// changed nothing (the same table posted again): neither says a scan missed anything.
///
/// ```swift
/// var history = RepeatedReadings()
/// history.supplyAges(to: &first, at: .seconds(0))
/// history.supplyAges(to: &second, at: .seconds(10))  // repeats of `first` get age 10_000
/// ```
public struct RepeatedReadings: Sendable {
    /// Each access point of the previous request: its signal and when a request first carried it.
    private var carried: [BSSID: (signal: Double, since: Duration)] = [:]

    /// An empty history: the next request is taken as it is.
    public init() {}

    /// Gives `request`'s repeated readings their age and remembers its readings for the next.
    ///
    /// - Parameters:
    ///   - request: the client's request, received at `time`; left unchanged when it has no
    ///     Wi-Fi, gives ages itself, or changed no reading.
    ///   - time: when the request arrived, on any clock that only moves forward.
    /// - Returns: how many readings were given an age.
    @discardableResult
    public mutating func supplyAges(to request: inout GeolocateRequest, at time: Duration) -> Int {
        let readings = request.wifiAccessPoints
        guard !readings.isEmpty else { return 0 }
        var next: [BSSID: (signal: Double, since: Duration)] = [:]
        var repeated: [Int] = []
        var aNewScanCameIn = false
        for (index, reading) in readings.enumerated() {
            guard let signal = reading.signalStrength, next[reading.bssid] == nil else { continue }
            if let previous = carried[reading.bssid], previous.signal == signal {
                next[reading.bssid] = previous
                repeated.append(index)
            } else {
                next[reading.bssid] = (signal, time)
                aNewScanCameIn = true
            }
        }
        carried = next
        guard aNewScanCameIn, !readings.contains(where: { $0.age != nil }) else { return 0 }
        var aged = 0
        for index in repeated {
            guard let since = carried[readings[index].bssid]?.since else { continue }
            let milliseconds = Self.milliseconds(time - since)
            guard milliseconds > 0 else { continue }
            request.wifiAccessPoints[index].age = milliseconds
            aged += 1
        }
        return aged
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
