import PositioningCore

extension NMEASentence {
    /// The decoded content of the sentence types the fix assembler uses.
    public enum Payload: Hashable, Sendable {
        /// GGA or GNS: position, fix quality, satellites, HDOP, altitude above mean sea level.
        case fixData(NMEAFixData)
        /// RMC: position with validity, speed, course and date.
        case recommendedMinimum(NMEARecommendedMinimum)
        /// GLL: position with validity.
        case geographicPosition(NMEAGeographicPosition)
        /// GSA: fix type (none / 2D / 3D) and dilutions of precision.
        case dilution(NMEADilution)
        /// GST: pseudorange error statistics, 1-sigma errors in metres.
        case errorStatistics(NMEAErrorStatistics)
        /// VTG: course and speed over ground.
        case courseOverGround(NMEACourseOverGround)
        /// ZDA: UTC date and time.
        case dateAndTime(NMEADateAndTime)
        /// A sentence type Whereabouts does not read (GSV, TXT, proprietary, …).
        case unsupported

        static func decode(type: String, fields: [String]) throws(NMEAError) -> Payload {
            let reader = NMEAFieldReader(sentence: type, fields: fields)
            switch type {
            case "GGA": return .fixData(try NMEAFixData(gga: reader))
            case "GNS": return .fixData(try NMEAFixData(gns: reader))
            case "RMC": return .recommendedMinimum(try NMEARecommendedMinimum(reader))
            case "GLL": return .geographicPosition(try NMEAGeographicPosition(reader))
            case "GSA": return .dilution(try NMEADilution(reader))
            case "GST": return .errorStatistics(try NMEAErrorStatistics(reader))
            case "VTG": return .courseOverGround(try NMEACourseOverGround(reader))
            case "ZDA": return .dateAndTime(try NMEADateAndTime(reader))
            default: return .unsupported
            }
        }
    }
}

/// The receiver's fix quality (GGA field 6; GNS mode letters map onto it).
public enum NMEAFixQuality: Int, Hashable, Sendable {
    case invalid = 0, autonomous = 1, differential = 2, precise = 3, rtkFixed = 4, rtkFloat = 5
    case estimated = 6, manual = 7, simulated = 8

    /// Whether the receiver claims a position (estimated dead reckoning counts; manual and
    /// simulated input do not describe where the receiver is).
    public var isFix: Bool {
        switch self {
        case .autonomous, .differential, .precise, .rtkFixed, .rtkFloat, .estimated: true
        case .invalid, .manual, .simulated: false
        }
    }

    /// Maps one NMEA 2.3+ mode indicator letter (RMC/GLL/VTG/GNS) to a quality.
    init(modeLetter: Character) {
        switch modeLetter {
        case "A": self = .autonomous
        case "D": self = .differential
        case "P": self = .precise
        case "R": self = .rtkFixed
        case "F": self = .rtkFloat
        case "E": self = .estimated
        case "M": self = .manual
        case "S": self = .simulated
        default: self = .invalid
        }
    }
}

/// GGA / GNS content.
public struct NMEAFixData: Hashable, Sendable {
    /// UTC seconds since midnight.
    public var timeOfDay: Double?
    /// The reported position, nil when the fields are empty.
    public var coordinate: Coordinate?
    /// Fix quality (GGA field 6, or the best GNS mode letter).
    public var quality: NMEAFixQuality
    /// Satellites used in the solution.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Whether the receiver claims a position: a fix quality and, unless dead reckoning, at
    /// least one satellite (receivers such as Hemisphere's send quality 1 with `00` satellites
    /// while they have none; gpsd reports no fix for them too).
    public var isFix: Bool {
        quality.isFix && (satellitesUsed != 0 || quality == .estimated)
    }
    /// Antenna altitude above mean sea level (geoid), metres.
    public var altitudeMSL: Double?
    /// Geoid separation (ellipsoid − geoid), metres.
    public var geoidSeparation: Double?

    init(gga reader: NMEAFieldReader) throws(NMEAError) {
        timeOfDay = try reader.timeOfDay(0)
        coordinate = try reader.coordinate(1)
        let code = try reader.integer(5, "fix quality") ?? 0
        quality = NMEAFixQuality(rawValue: code) ?? .invalid
        satellitesUsed = try reader.integer(6, "satellites")
        hdop = try reader.double(7, "HDOP")
        altitudeMSL = try reader.double(8, "altitude")
        geoidSeparation = try reader.double(10, "geoid separation")
    }

    init(gns reader: NMEAFieldReader) throws(NMEAError) {
        timeOfDay = try reader.timeOfDay(0)
        coordinate = try reader.coordinate(1)
        // One mode letter per constellation (GPS, GLONASS, Galileo, …); the best one counts.
        let qualities = (reader.text(5) ?? "").map(NMEAFixQuality.init(modeLetter:)).filter(\.isFix)
        quality = qualities.min { $0.rawValue < $1.rawValue } ?? .invalid
        satellitesUsed = try reader.integer(6, "satellites")
        hdop = try reader.double(7, "HDOP")
        altitudeMSL = try reader.double(8, "altitude")
        geoidSeparation = try reader.double(9, "geoid separation")
    }
}

/// RMC content.
public struct NMEARecommendedMinimum: Hashable, Sendable {
    /// UTC seconds since midnight.
    public var timeOfDay: Double?
    /// Status `A` and, from NMEA 2.3 on, a mode indicator other than `N`.
    public var isValid: Bool
    /// The reported position, nil when the fields are empty.
    public var coordinate: Coordinate?
    /// Speed over ground, metres per second.
    public var speed: Double?
    /// Course over ground, degrees from true north.
    public var course: Double?
    /// UTC date, nil when absent or malformed.
    public var date: NMEADate?

    init(_ reader: NMEAFieldReader) throws(NMEAError) {
        timeOfDay = try reader.timeOfDay(0)
        let mode = reader.character(11)
        isValid = reader.character(1) == "A" && mode.map { NMEAFixQuality(modeLetter: $0).isFix } != false
        coordinate = try reader.coordinate(2)
        speed = try reader.double(6, "speed").map { $0 * NMEACourseOverGround.metresPerSecondPerKnot }
        course = try reader.double(7, "course")
        date = reader.date(8)
    }
}

/// GLL content.
public struct NMEAGeographicPosition: Hashable, Sendable {
    /// The reported position, nil when the fields are empty.
    public var coordinate: Coordinate?
    /// UTC seconds since midnight.
    public var timeOfDay: Double?
    /// Status `A` and, from NMEA 2.3 on, a mode indicator other than `N`.
    public var isValid: Bool

    init(_ reader: NMEAFieldReader) throws(NMEAError) {
        coordinate = try reader.coordinate(0)
        timeOfDay = try reader.timeOfDay(4)
        let mode = reader.character(6)
        isValid = reader.character(5) == "A" && mode.map { NMEAFixQuality(modeLetter: $0).isFix } != false
    }
}

/// GSA content.
public struct NMEADilution: Hashable, Sendable {
    /// 1 = no fix, 2 = 2D, 3 = 3D.
    public var fixType: Int?
    /// Position dilution of precision.
    public var pdop: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?

    init(_ reader: NMEAFieldReader) throws(NMEAError) {
        fixType = try reader.integer(1, "fix type")
        pdop = try reader.double(14, "PDOP")
        hdop = try reader.double(15, "HDOP")
        vdop = try reader.double(16, "VDOP")
    }
}

/// GST content: 1-sigma errors in metres.
public struct NMEAErrorStatistics: Hashable, Sendable {
    /// UTC seconds since midnight.
    public var timeOfDay: Double?
    /// 1-sigma latitude error, metres.
    public var latitudeSigma: Double?
    /// 1-sigma longitude error, metres.
    public var longitudeSigma: Double?
    /// 1-sigma altitude error, metres.
    public var altitudeSigma: Double?

    init(_ reader: NMEAFieldReader) throws(NMEAError) {
        timeOfDay = try reader.timeOfDay(0)
        latitudeSigma = try reader.double(5, "latitude sigma")
        longitudeSigma = try reader.double(6, "longitude sigma")
        altitudeSigma = try reader.double(7, "altitude sigma")
    }
}

/// VTG content.
public struct NMEACourseOverGround: Hashable, Sendable {
    /// Degrees from true north.
    public var course: Double?
    /// Metres per second.
    public var speed: Double?

    static let metresPerSecondPerKnot = 1852.0 / 3600.0

    init(_ reader: NMEAFieldReader) throws(NMEAError) {
        course = try reader.double(0, "course")
        if reader.text(1) == "T" || reader.text(3) == "M" {
            // NMEA 2.0+: course,T,course,M,knots,N,km/h,K[,mode]
            let knots = try reader.double(4, "speed (knots)")
            let kmh = try reader.double(6, "speed (km/h)")
            speed = knots.map { $0 * Self.metresPerSecondPerKnot } ?? kmh.map { $0 / 3.6 }
        } else {
            // Pre-2.0 form without unit letters: course,course magnetic,knots,km/h
            speed = try reader.double(2, "speed (knots)").map { $0 * Self.metresPerSecondPerKnot }
        }
    }
}

/// ZDA content.
public struct NMEADateAndTime: Hashable, Sendable {
    /// UTC seconds since midnight.
    public var timeOfDay: Double?
    /// UTC date, nil when absent or malformed.
    public var date: NMEADate?

    init(_ reader: NMEAFieldReader) throws(NMEAError) {
        timeOfDay = try reader.timeOfDay(0)
        if let day = try reader.integer(1, "day"), let month = try reader.integer(2, "month"),
            let year = try reader.integer(3, "year")
        {
            let candidate = NMEADate(year: year, month: month, day: day)
            date = candidate.isPlausible ? candidate : nil
        } else {
            date = nil
        }
    }
}
