/// The globally unique identity of one cell: radio, MCC, MNC, area code and cell id.
///
/// For LTE and NR the area is the tracking area code (TAC); for GSM and UMTS the location
/// area code (LAC). Values are checked against each radio's valid ranges by
/// `init(radio:mcc:mnc:area:cellID:)`, which throws `CellIdentity.Invalid` with the reason.
public struct CellIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let radio: RadioType
    /// Mobile country code, 1…999.
    public let mcc: Int
    /// Mobile network code, 0…999 (CDMA: system id, 0…32767).
    public let mnc: Int
    /// LAC (GSM/UMTS), TAC (LTE/NR) or network id (CDMA).
    public let area: Int
    /// Cell id (GSM 16 bits, UMTS/LTE 28 bits, NR 36 bits; CDMA base station id).
    public let cellID: Int64

    /// Why a cell identity was refused.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Creates a validated cell identity.
    /// - Throws: `Invalid` naming the field and its allowed range.
    public init(radio: RadioType, mcc: Int, mnc: Int, area: Int, cellID: Int64) throws(Invalid) {
        guard (1...999).contains(mcc) else { throw Invalid(reason: "MCC \(mcc) outside 1…999") }
        let limits = CellIdentity.limits(for: radio)
        guard (0...limits.mnc).contains(mnc) else {
            throw Invalid(reason: "MNC \(mnc) outside 0…\(limits.mnc)")
        }
        guard (0...limits.area).contains(area) else {
            throw Invalid(reason: "\(radio.areaName) \(area) outside 0…\(limits.area) for \(radio.rawValue)")
        }
        guard (0...limits.cellID).contains(cellID) else {
            throw Invalid(reason: "cell id \(cellID) outside 0…\(limits.cellID) for \(radio.rawValue)")
        }
        self.radio = radio
        self.mcc = mcc
        self.mnc = mnc
        self.area = area
        self.cellID = cellID
    }

    /// The identity of the area (LAC/TAC) this cell belongs to.
    public var areaIdentity: AreaIdentity {
        AreaIdentity(radio: radio, mcc: mcc, mnc: mnc, area: area)
    }

    /// `radio/mcc/mnc/area/cid`, e.g. `lte/262/2/44803/20714553` — the form `init(parsing:)` reads
    /// and `db forget` takes.
    public var description: String {
        "\(radio.rawValue)/\(mcc)/\(mnc)/\(area)/\(cellID)"
    }

    public static func < (lhs: CellIdentity, rhs: CellIdentity) -> Bool {
        (lhs.radio.rawValue, lhs.mcc, lhs.mnc, lhs.area, lhs.cellID)
            < (rhs.radio.rawValue, rhs.mcc, rhs.mnc, rhs.area, rhs.cellID)
    }

    private static func limits(for radio: RadioType) -> (mnc: Int, area: Int, cellID: Int64) {
        switch radio {
        case .gsm: (999, 65535, 65535)
        case .wcdma: (999, 65535, (1 << 28) - 1)
        case .lte: (999, 65535, (1 << 28) - 1)
        case .nr: (999, (1 << 24) - 1, (1 << 36) - 1)
        case .cdma: (32767, 65535, 65535)
        }
    }
}

/// A location or tracking area: the cells of one radio, network and LAC/TAC.
public struct AreaIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let radio: RadioType
    public let mcc: Int
    public let mnc: Int
    public let area: Int

    /// Creates an area identity; the values are assumed valid (derive it from a `CellIdentity`).
    public init(radio: RadioType, mcc: Int, mnc: Int, area: Int) {
        self.radio = radio
        self.mcc = mcc
        self.mnc = mnc
        self.area = area
    }

    public var description: String {
        "\(radio.rawValue)/\(mcc)/\(mnc)/\(area)"
    }

    public static func < (lhs: AreaIdentity, rhs: AreaIdentity) -> Bool {
        (lhs.radio.rawValue, lhs.mcc, lhs.mnc, lhs.area) < (rhs.radio.rawValue, rhs.mcc, rhs.mnc, rhs.area)
    }
}

extension RadioType {
    /// What this radio calls its area code: LAC, TAC or NID.
    public var areaName: String {
        switch self {
        case .gsm, .wcdma: "LAC"
        case .lte, .nr: "TAC"
        case .cdma: "NID"
        }
    }
}
