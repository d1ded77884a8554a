import Foundation
import LocationService
import PositioningCore

/// Core Location's `CLLocationManager` on Linux, over the Whereabouts location service: the
/// same names and meanings, so iOS code builds with its `import CoreLocation` line changed to
/// `import CoreLocationLinux`.
///
/// The delegate is called on the run loop of the thread that created the manager — the main
/// thread's in a program that runs `RunLoop.main` — in the order events happened. While
/// updates, significant-change updates, region monitoring or a one-shot request are active
/// the manager keeps that run loop running. Settings map to the engine:
/// `desiredAccuracy` is where the source fallback (GPS → cell → Wi-Fi) may stop,
/// `distanceFilter` the observer's filter, significant-change mode the radio-quiet path (no
/// GPS, no triggered scan while the cell is unchanged), regions the uncertainty-aware monitor.
///
/// ```swift
/// let manager = CLLocationManager()
/// manager.delegate = tracker
/// manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
/// manager.distanceFilter = 50
/// manager.startUpdatingLocation()
/// RunLoop.main.run()
/// ```
open class CLLocationManager: NSObject {
    /// The object told about locations, errors and region events; not retained.
    open weak var delegate: (any CLLocationManagerDelegate)?

    /// How accurate a fix the sources should reach before the fallback stops: `kCLLocationAccuracyBest`
    /// (every source, the most accurate wins; the default), `…NearestTenMeters`, `…HundredMeters`,
    /// `…Kilometer`, `…ThreeKilometers`, or metres. Takes effect from the next reading.
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest {
        didSet {
            let engine = engine, accuracy = Self.engineAccuracy(desiredAccuracy)
            serially { await engine.setDesiredAccuracy(accuracy) }
        }
    }

    /// Metres a position must move before the next update (`kCLDistanceFilterNone`: every
    /// update, the default). Changing it while updating restarts the updates' filter.
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone {
        didSet {
            guard updates != nil else { return }
            stopUpdatingLocation()
            startUpdatingLocation()
        }
    }

    /// Accepted for source compatibility; Linux never pauses updates by itself.
    open var pausesLocationUpdatesAutomatically = true
    /// Accepted for source compatibility; a Linux process gets updates whether or not it is in front.
    open var allowsBackgroundLocationUpdates = false

    /// The most recent position: the last one delivered, or the one a previous run remembered,
    /// with the timestamp of when it was measured (so it may be old). Nil when there is none.
    open internal(set) var location: CLLocation?

    /// Whether location services may be used: `.authorizedAlways` while enabled, `.denied`
    /// when `enabled = false` (or the configuration cannot be read).
    open var authorizationStatus: CLAuthorizationStatus {
        environment.options.isEnabled ? .authorizedAlways : .denied
    }

    /// `.fullAccuracy` when this process may trigger Wi-Fi scans (`CAP_NET_ADMIN`), else
    /// `.reducedAccuracy`.
    open var accuracyAuthorization: CLAccuracyAuthorization {
        ProcessCapabilities.current.mayAdministerNetwork ? .fullAccuracy : .reducedAccuracy
    }

    /// The largest region radius that can be monitored, metres.
    open var maximumRegionMonitoringDistance: CLLocationDistance { 100_000 }

    let environment: CoreLocationEnvironment
    let engine: LocationManager
    let mailbox = RunLoopMailbox<Delivery>()
    var updates: Task<Void, Never>?
    var significantChanges: Task<Void, Never>?
    var regionWatch: Task<Void, Never>?
    var pendingRequests = 0
    /// The last engine command issued; the next one waits for it.
    var commands: Task<Void, Never>?
    /// Incremented by each start and stop, so deliveries of a stopped session are dropped.
    var updateSession = 0
    var significantSession = 0
    var regions: [String: CLRegion] = [:]

    /// A manager over this machine's radios and radio map (`CoreLocationEnvironment.system()`).
    public override convenience init() {
        self.init(environment: .system())
    }

    /// A manager over `environment` (replayed radios in tests and demos). Regions and the
    /// last position saved in its store by an earlier run are restored.
    public init(environment: CoreLocationEnvironment) {
        self.environment = environment
        engine = LocationManager(
            options: environment.options, radios: environment.radios, resolver: environment.resolver,
            store: environment.store, clock: environment.clock)
        location = environment.store?.lastKnown().map(CLLocation.init)
        for region in (try? environment.store?.regions()) ?? [] {
            regions[region.id] = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude),
                radius: region.radius, identifier: region.id)
        }
        super.init()
        mailbox.setHandler { [weak self] delivery in self?.deliver(delivery) }
        mailbox.post(.authorization)
    }

    deinit {
        updates?.cancel()
        significantChanges?.cancel()
        regionWatch?.cancel()
    }

    /// Whether location services are enabled (`enabled` in `whereabouts.conf`).
    open class func locationServicesEnabled() -> Bool {
        CoreLocationEnvironment.system().options.isEnabled
    }

    /// Always false: Linux laptops have no compass that the location service reads.
    open class func headingAvailable() -> Bool { false }

    /// True: significant changes come from the cell and Wi-Fi, whichever exists.
    open class func significantLocationChangeMonitoringAvailable() -> Bool { true }

    /// True for `CLCircularRegion` (and subclasses), false for any other region class.
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
        regionClass is CLCircularRegion.Type
    }

    /// False: there is no beacon ranging.
    open class func isRangingAvailable() -> Bool { false }

    /// The status a new manager would report (deprecated on Apple's platforms in favour of the
    /// instance property).
    open class func authorizationStatus() -> CLAuthorizationStatus {
        locationServicesEnabled() ? .authorizedAlways : .denied
    }

    /// No prompt exists on Linux: the status is already decided, so nothing changes and no
    /// callback follows (as on Apple's platforms once the user has answered).
    open func requestWhenInUseAuthorization() {}

    /// As `requestWhenInUseAuthorization()`.
    open func requestAlwaysAuthorization() {}

    /// Starts continuous updates: `didUpdateLocations` at each epoch whose fix passes
    /// `distanceFilter`; `didFailWithError` (`.locationUnknown`, or `.denied`) once when fixes
    /// stop coming — at the first epoch where no source can run, within seconds — and again
    /// after the next fix. Calling it again while updating does nothing.
    open func startUpdatingLocation() {
        guard updates == nil else { return }
        updateSession += 1
        let session = updateSession, engine = engine, mailbox = mailbox
        let accuracy = Self.engineAccuracy(desiredAccuracy)
        let filter = distanceFilter > 0 ? distanceFilter : 0
        let subscription = serially {
            await engine.setDesiredAccuracy(accuracy)
            return await engine.updateEvents(distanceFilter: filter)
        }
        updates = Task {
            var failing = false
            for await event in await subscription.value {
                switch event {
                case .fix(let fix):
                    failing = false
                    mailbox.post(.locations([fix.location], kind: .standard(session: session)))
                case .failure(let error):
                    if !failing { mailbox.post(.failure(CLError(error), kind: .standard(session: session))) }
                    failing = true
                }
            }
        }
        keepRunLoopAlive()
    }

    /// Stops continuous updates; no `didUpdateLocations` of theirs follows.
    open func stopUpdatingLocation() {
        updateSession += 1
        updates?.cancel()
        updates = nil
        keepRunLoopAlive()
    }

    /// One position: a single `didUpdateLocations` with the first fix that meets
    /// `desiredAccuracy` (else the best one), or a single `didFailWithError`.
    open func requestLocation() {
        pendingRequests += 1
        let engine = engine, mailbox = mailbox, accuracy = Self.engineAccuracy(desiredAccuracy)
        serially {
            await engine.setDesiredAccuracy(accuracy)
            // The run itself is not serialized: later commands need not wait for its sources.
            Task {
                do throws(LocationError) {
                    let fix = try await engine.requestLocation()
                    mailbox.post(.locations([fix.location], kind: .request))
                } catch {
                    mailbox.post(.failure(CLError(error), kind: .request))
                }
            }
        }
        keepRunLoopAlive()
    }

    /// Starts significant-change updates: positions from the cell and Wi-Fi only (GPS stays
    /// off, and Wi-Fi is not scanned while the serving cell is unchanged), delivered when the
    /// serving cell changes or the access points turn over with ≈ 500 m of movement.
    open func startMonitoringSignificantLocationChanges() {
        guard significantChanges == nil else { return }
        significantSession += 1
        let session = significantSession, engine = engine, mailbox = mailbox
        let subscription = serially { await engine.significantLocationChanges() }
        significantChanges = Task {
            do {
                for try await fix in await subscription.value {
                    mailbox.post(.locations([fix.location], kind: .significant(session: session)))
                }
            } catch let error as LocationError {
                mailbox.post(.failure(CLError(error), kind: .significant(session: session)))
            } catch {}
        }
        keepRunLoopAlive()
    }

    /// Stops significant-change updates.
    open func stopMonitoringSignificantLocationChanges() {
        significantSession += 1
        significantChanges?.cancel()
        significantChanges = nil
        keepRunLoopAlive()
    }

    /// Runs `body` on the engine after every command issued before it, so the engine sees the
    /// calls in the order the program made them (a region is monitored before its events are
    /// subscribed to, an accuracy is set before the run that uses it).
    @discardableResult
    func serially<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Task<Value, Never> {
        let previous = commands
        let task = Task {
            await previous?.value
            return await body()
        }
        commands = Task { _ = await task.value }
        return task
    }

    func keepRunLoopAlive() {
        mailbox.keepRunning(updates != nil || significantChanges != nil || regionWatch != nil || pendingRequests > 0)
    }

    /// The engine's target for a Core Location accuracy: the `Best` constants (negative) try every source.
    static func engineAccuracy(_ accuracy: CLLocationAccuracy) -> DesiredAccuracy {
        accuracy > 0 ? DesiredAccuracy(metres: accuracy) : .best
    }
}
