import Foundation
import PositioningCore

/// Turns a stream of NMEA sentences into one `Location` per receiver epoch.
///
/// An epoch is the group of sentences that share one UTC time (GGA, RMC, GLL, GNS, GST carry
/// it; GSA and VTG join the epoch they arrive in). The first time change teaches the assembler
/// which sentence ends a cycle, so later fixes are delivered as soon as that sentence arrives
/// rather than one epoch late — the same trick gpsd uses.
///
/// A fix needs a position sentence with a valid status (GGA/GNS quality > 0, RMC/GLL status
/// `A` and a mode other than `N`); an epoch in which any position sentence says "no fix" gives
/// none. Accuracy follows DESIGN "Meaning of the numbers" (68 % radius): from GST's 1-sigma
/// errors when present, else HDOP × `typicalUERE`.
///
/// ```swift
/// var assembler = NMEAFixAssembler()
/// for line in lines {
///     if let sentence = try? NMEASentence.parse(line), let fix = assembler.consume(sentence) { use(fix) }
/// }
/// if let last = assembler.finish() { use(last) }
/// ```
public struct NMEAFixAssembler: Sendable {
    /// Typical user-equivalent range error (1 sigma, metres) of an autonomous single-frequency
    /// receiver; HDOP × UERE is then the horizontal DRMS error.
    public static let typicalUERE = 5.0
    /// HDOP assumed when an epoch carries none (RMC/GLL-only receivers): a middling sky.
    public static let assumedHDOP = 2.0
    /// 68 % circle radius per unit of DRMS for a circular Gaussian (√(−ln 0.32)).
    static let radius68PerDRMS = 1.0674

    private var epoch = Epoch()
    private var dilution: NMEADilution?
    private var errorStatistics: NMEAErrorStatistics?
    private var lastDate: NMEADate?
    private var cycleEnder: String?
    private var lastEmittedTime: Double?
    private let fallbackDate: Date?

    /// Creates an assembler.
    /// - Parameter fallbackDate: the timestamp of fixes when the receiver has not sent a date
    ///   (RMC/ZDA) or time yet; nil means "the time the fix was assembled".
    public init(fallbackDate: Date? = nil) {
        self.fallbackDate = fallbackDate
    }

    /// Adds one sentence; returns the fix of an epoch that this sentence completed, if any.
    public mutating func consume(_ sentence: NMEASentence) -> Location? {
        var completed: Location?
        let time = Self.timeOfDay(of: sentence.payload)
        if let time, epoch.time != time, epoch.time != nil || epoch.hasPosition {
            // A new time closes the epoch; so does the first timed sentence after untimed
            // position reports (an empty `$GPRMC,,V,…` must not veto the next epoch's fix).
            if epoch.time != nil, epoch.hasPosition, let last = epoch.lastType { cycleEnder = last }
            completed = close()
        }
        if let time, epoch.time == nil { epoch.time = time }
        merge(sentence.payload)
        epoch.lastType = sentence.type
        if completed == nil, sentence.type == cycleEnder, epoch.hasPosition {
            completed = close()
        }
        return completed
    }

    /// Ends the input: returns the fix of the last, still open epoch, if it has one.
    public mutating func finish() -> Location? {
        close()
    }

    private mutating func merge(_ payload: NMEASentence.Payload) {
        switch payload {
        case .fixData(let data):
            if data.isFix, let coordinate = data.coordinate {
                epoch.fixCoordinate = coordinate
                epoch.quality = data.quality
                epoch.altitude = data.altitudeMSL ?? epoch.altitude
                epoch.hdop = data.hdop ?? epoch.hdop
            } else {
                epoch.sawNoFix = true
            }
        case .recommendedMinimum(let rmc):
            if rmc.isValid, let coordinate = rmc.coordinate {
                epoch.otherCoordinate = epoch.otherCoordinate ?? coordinate
            } else if !rmc.isValid {
                epoch.sawNoFix = true
            }
            epoch.speed = rmc.speed ?? epoch.speed
            epoch.course = rmc.course ?? epoch.course
            if let date = rmc.date { lastDate = date }
        case .geographicPosition(let gll):
            if gll.isValid, let coordinate = gll.coordinate {
                epoch.otherCoordinate = epoch.otherCoordinate ?? coordinate
            } else {
                epoch.sawNoFix = true
            }
        case .dilution(let gsa):
            dilution = gsa
        case .errorStatistics(let gst):
            errorStatistics = gst
        case .courseOverGround(let vtg):
            epoch.speed = epoch.speed ?? vtg.speed
            epoch.course = epoch.course ?? vtg.course
        case .dateAndTime(let zda):
            if let date = zda.date { lastDate = date }
        case .unsupported:
            break
        }
    }

    /// Closes the current epoch and starts an empty one; returns its fix if it has one.
    private mutating func close() -> Location? {
        let finished = epoch
        epoch = Epoch()
        guard !finished.sawNoFix, let coordinate = finished.fixCoordinate ?? finished.otherCoordinate,
            coordinate.isValid
        else { return nil }
        if let time = finished.time {
            guard time != lastEmittedTime else { return nil }
            lastEmittedTime = time
        }
        return location(of: finished, at: coordinate)
    }

    private func location(of epoch: Epoch, at coordinate: Coordinate) -> Location {
        let uere = Self.uere(for: epoch.quality)
        let hdop = epoch.hdop ?? dilution?.hdop
        var horizontal = (hdop.flatMap { $0 > 0 ? $0 : nil } ?? Self.assumedHDOP) * uere * Self.radius68PerDRMS
        var vertical = -1.0
        let statistics = errorStatistics.flatMap { $0.timeOfDay == nil || $0.timeOfDay == epoch.time ? $0 : nil }
        if let statistics, let latitude = statistics.latitudeSigma, let longitude = statistics.longitudeSigma,
            latitude > 0 || longitude > 0
        {
            horizontal = (latitude * latitude + longitude * longitude).squareRoot() * Self.radius68PerDRMS
        }
        // A 2D fix (GSA type 2) has no meaningful altitude even when GGA fills the field.
        let altitude = dilution?.fixType == 2 ? nil : epoch.altitude
        if altitude != nil {
            if let sigma = statistics?.altitudeSigma, sigma > 0 {
                vertical = sigma  // a 1-D 1-sigma interval holds 68 %
            } else if let vdop = dilution?.vdop, vdop > 0 {
                vertical = vdop * uere
            } else {
                vertical = horizontal * 1.5  // VDOP is typically 1.5–2 × HDOP
            }
        }
        return Location(
            coordinate: coordinate, horizontalAccuracy: max(horizontal, 0.01),
            altitude: altitude ?? 0, verticalAccuracy: vertical, timestamp: timestamp(of: epoch),
            speed: epoch.speed ?? -1, course: epoch.course ?? -1, source: .gps)
    }

    private func timestamp(of epoch: Epoch) -> Date {
        guard let time = epoch.time, let date = lastDate else { return fallbackDate ?? Date() }
        return Date(timeIntervalSince1970: Double(Self.daysSince1970(date)) * 86_400 + time)
    }

    /// UERE by fix quality: differential corrections shrink it, RTK to centimetres.
    static func uere(for quality: NMEAFixQuality?) -> Double {
        switch quality {
        case .differential?: typicalUERE / 4
        case .rtkFixed?: 0.02
        case .rtkFloat?: 0.3
        case .estimated?: typicalUERE * 4
        default: typicalUERE
        }
    }

    static func timeOfDay(of payload: NMEASentence.Payload) -> Double? {
        switch payload {
        case .fixData(let data): data.timeOfDay
        case .recommendedMinimum(let rmc): rmc.timeOfDay
        case .geographicPosition(let gll): gll.timeOfDay
        case .errorStatistics(let gst): gst.timeOfDay
        case .dateAndTime(let zda): zda.timeOfDay
        case .dilution, .courseOverGround, .unsupported: nil
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func daysSince1970(_ date: NMEADate) -> Int {
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// What one epoch has said so far.
    private struct Epoch: Sendable {
        var time: Double?
        var lastType: String?
        /// Position from GGA/GNS, which also carry quality, HDOP and altitude.
        var fixCoordinate: Coordinate?
        /// Position from RMC/GLL, used when the epoch has no GGA/GNS.
        var otherCoordinate: Coordinate?
        var quality: NMEAFixQuality?
        var altitude: Double?
        var hdop: Double?
        var speed: Double?
        var course: Double?
        var sawNoFix = false

        var hasPosition: Bool { fixCoordinate != nil || otherCoordinate != nil || sawNoFix }
    }
}
