import Foundation
import PositioningCore
import SystemSupport

/// Core Location's `CLLocationManager` for Linux, in Swift-concurrency form: one-shot fixes,
/// continuous updates to any number of observers, significant-change updates, circular region
/// monitoring and a persisted last-known position, over live or replayed radios.
///
/// Sources are read in `Options.sources` order (default GPS → cell → Wi-Fi); a run stops at the
/// first fix that meets `desiredAccuracy`, else delivers the most accurate; each fix carries
/// the trail of sources tried. All observers share one set of running sources, which stop when
/// the last observer stops.
///
/// ```swift
/// var options = LocationManager.Options()
/// options.desiredAccuracy = .hundredMetres
/// options.distanceFilter = 25
/// let manager = LocationManager(
///     options: options, radios: LiveRadios(), resolver: RadioMapResolver(path: mapPath),
///     store: LocationStore(directory: dataDirectory))
/// let fix = try await manager.requestLocation()
/// for try await update in await manager.updates() { print(update.location.coordinate) }
/// ```
public actor LocationManager {
    /// How fixes are obtained and delivered.
    public struct Options: Sendable {
        /// The sources to try, in order.
        public var sources: [PositioningSource] = PositioningSource.defaultOrder
        /// Stop at the first fix at least this accurate.
        public var desiredAccuracy: DesiredAccuracy = .best
        /// Metres an update must be from an observer's last delivered one; nil delivers all.
        public var distanceFilter: Double?
        /// The time each source may take per reading.
        public var sourceBudget: Duration = .seconds(10)
        /// Epochs in a row without a fix after which update streams end with the last error.
        public var maximumConsecutiveFailures = 3
        /// Seconds the device must stay clearly across a region boundary before the event fires.
        public var regionDwell: Double = 0
        /// Whether location services are enabled at all (`enabled` in the configuration).
        public var isEnabled = true
        /// Read every source at each epoch, even once the desired accuracy is met (learning needs
        /// the scans beside the GPS fix); the fix is still the first that met it.
        public var readsEverySource = false
        /// The defaults.
        public init() {}
    }

    /// The options in effect.
    public private(set) var options: Options
    let radios: any Radios
    let resolver: (any PositionResolver)?
    let store: LocationStore?
    let clock: any LocationClock

    var updateObservers: [UInt64: Observer<LocationFix>] = [:]
    var significantObservers: [UInt64: Observer<LocationFix>] = [:]
    var regionObservers: [UInt64: AsyncThrowingStream<RegionEvent, any Error>.Continuation] = [:]
    var sampleObservers: [UInt64: AsyncStream<RadioSample>.Continuation] = [:]
    var eventObservers: [UInt64: EventObserver] = [:]
    var nextObserverID: UInt64 = 0
    var loop: Task<Void, Never>?
    /// The latest loop task, perhaps still winding down; a new loop waits for it.
    var stopping: Task<Void, Never>?
    var hasEpoch = false
    var consecutiveFailures = 0
    var motion = MotionTracker()
    var regionMonitor: RegionMonitor
    var significantChanges = SignificantChangeDetector()
    /// The serving cell at the last significant-change epoch: while it stays, Wi-Fi is not scanned.
    var lastSignificantServingCell: CellIdentity?
    var remembered: Location?
    /// The timestamp of the position last written to the store.
    var savedAt: Date?

    /// An update observer: its stream and its own distance filter.
    struct Observer<Element: Sendable>: Sendable {
        var continuation: AsyncThrowingStream<Element, any Error>.Continuation
        var filter: DistanceFilter
    }

    /// An update-event observer: its stream and its own distance filter.
    struct EventObserver: Sendable {
        var continuation: AsyncStream<UpdateEvent>.Continuation
        var filter: DistanceFilter
    }

    /// Creates a manager. Regions saved in `store` by an earlier run are monitored again.
    /// - Parameters:
    ///   - radios: `LiveRadios` or `ReplayRadios`.
    ///   - resolver: turns cell and Wi-Fi readings into positions (nil: GPS only).
    ///   - store: where the last-known position and the regions persist (nil: nowhere).
    ///   - clock: the time source (a `ManualClock` in tests).
    public init(
        options: Options = Options(), radios: any Radios, resolver: (any PositionResolver)? = nil,
        store: LocationStore? = nil, clock: any LocationClock = SystemLocationClock()
    ) {
        self.options = options
        self.radios = radios
        self.resolver = resolver
        self.store = store
        self.clock = clock
        var monitor = RegionMonitor(dwell: options.regionDwell)
        for region in (try? store?.regions()) ?? [] { monitor.add(region) }
        regionMonitor = monitor
        remembered = store?.lastKnown()
    }

    /// Changes the desired accuracy for the next runs.
    public func setDesiredAccuracy(_ accuracy: DesiredAccuracy) {
        options.desiredAccuracy = accuracy
    }

    /// Changes the distance filter (nil: every fix) for observers that start from now on.
    public func setDistanceFilter(_ metres: Double?) {
        options.distanceFilter = metres
    }

    /// Whether location services are enabled (`CLLocationManager.locationServicesEnabled()`);
    /// when not, every request fails with `LocationError.disabled`.
    public var locationServicesEnabled: Bool { options.isEnabled }

    /// Whether sources are running for observers.
    public var isUpdating: Bool { loop != nil }

    /// The last position fixed, in this run or a previous one — always marked cached.
    public var lastKnownLocation: LocationFix? {
        remembered.map(LocationFix.cached)
    }

    /// One fix: the sources in order until one meets the desired accuracy, else the best.
    ///
    /// - Parameter maximumAge: when the last known position is at most this many seconds old,
    ///   it is returned (marked cached) without reading any source.
    /// - Throws: `LocationError.disabled`, or what the run's trail says (`.locationUnknown`,
    ///   `.denied`, `.noSources`).
    public func requestLocation(maximumAge: Double? = nil) async throws(LocationError) -> LocationFix {
        guard options.isEnabled else { throw .disabled }
        if let maximumAge, let remembered, clock.now.timeIntervalSince(remembered.timestamp) <= maximumAge {
            return LocationFix.cached(remembered)
        }
        var time = clock.now
        if !hasEpoch, let epoch = try? await radios.nextEpoch() {
            hasEpoch = true
            time = epoch
        }
        let outcome = await policy.run(at: time, radios: radios, resolver: resolver)
        guard var fix = outcome.fix else { throw LocationError.noFix(after: outcome.attempts) }
        fix.location = motion.complete(fix.location)
        remembered = fix.location
        await saveLastKnown()
        return fix
    }

    var policy: FallbackPolicy {
        FallbackPolicy(
            sources: options.sources, desiredAccuracy: options.desiredAccuracy, budget: options.sourceBudget,
            readsEverySource: options.readsEverySource)
    }

    /// Seconds of fix time between saves of the last known position during updates (and once
    /// more when the updates stop), so a fast replay does not write a file per epoch.
    static let saveInterval: Double = 10

    /// Writes the last known position (on a thread of its own: it is a file).
    func saveLastKnown() async {
        guard let store, let remembered, remembered.timestamp != savedAt else { return }
        savedAt = remembered.timestamp
        await DedicatedThread.run("save last location") { try? store.saveLastKnown(remembered) }
    }
}
