import Foundation
import PositioningCore

extension RadioMap {
    /// The known access points among `bssids`; unknown ones are absent from the result.
    ///
    /// All lookups of one call share one read transaction (one lock instead of one per key).
    public func accessPoints(for bssids: some Collection<BSSID>) throws(RadioMapError) -> [BSSID: KnownAccessPoint] {
        try reading { try self.lookUpAccessPoints(bssids) }
    }

    /// The known cells among `ids`.
    public func cells(for ids: some Collection<CellIdentity>) throws(RadioMapError) -> [CellIdentity: KnownCell] {
        try reading { try self.lookUpCells(ids) }
    }

    /// The known areas among `ids`.
    public func areas(for ids: some Collection<AreaIdentity>) throws(RadioMapError) -> [AreaIdentity: KnownArea] {
        try reading { try self.lookUpAreas(ids) }
    }

    /// One batched lookup of everything a request mentions (APs, cells, and the cells' areas),
    /// in one read transaction, ready for a `PositionEstimator`.
    public func estimationInput(for request: GeolocateRequest, now: Date) throws(RadioMapError) -> EstimationInput {
        try reading {
            let cellIDs = request.cellTowers.map(\.identity)
            return EstimationInput(
                wifi: request.wifiAccessPoints, cells: request.cellTowers,
                accessPoints: try self.lookUpAccessPoints(request.wifiAccessPoints.map(\.bssid)),
                knownCells: try self.lookUpCells(cellIDs),
                areas: try self.lookUpAreas(Set(cellIDs.map(\.areaIdentity))), now: now)
        }
    }

    /// Runs `body` in a read transaction (the caller's, e.g. one begun by `beginSharedSnapshot`) and
    /// converts its failure to `RadioMapError`.
    func reading<T>(_ body: () throws -> T) throws(RadioMapError) -> T {
        do {
            if connection.isInTransaction { return try body() }
            return try connection.inTransaction(immediate: false, body)
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    func lookUpAccessPoints(_ bssids: some Collection<BSSID>) throws -> [BSSID: KnownAccessPoint] {
        var found: [BSSID: KnownAccessPoint] = [:]
        found.reserveCapacity(bssids.count)
        var start = bssids.startIndex
        while start != bssids.endIndex {
            let end = bssids.index(start, offsetBy: Self.accessPointsPerStatement, limitedBy: bssids.endIndex)
                ?? bssids.endIndex
            let keys = bssids[start..<end]
            let statement = try connection.cachedStatement(sql: Self.accessPointQueries[keys.count - 1])
            statement.bind(integers: keys.lazy.map { Int64($0.rawValue) })
            defer { statement.reset() }
            while try statement.step() {
                let bssid = BSSID(rawValue: UInt64(bitPattern: statement.int64(0)))
                found[bssid] = KnownAccessPoint(
                    bssid: bssid, coordinate: Coordinate(latitude: statement.double(1), longitude: statement.double(2)),
                    radius: statement.double(3), sampleCount: Int(statement.int64(4)),
                    firstSeen: statement.optionalDouble(5).map(Date.init(timeIntervalSince1970:)),
                    lastSeen: statement.optionalDouble(6).map(Date.init(timeIntervalSince1970:)),
                    status: Self.status(statement, column: 7, otherwise: .unproven),
                    ssid: statement.text(8))
            }
            start = end
        }
        return found
    }

    /// The most access points one execution of a lookup statement asks for; longer lists take
    /// several.
    static let accessPointsPerStatement = 32

    /// `accessPointQueries[n - 1]` looks up `n` access points in one execution instead of `n`:
    /// the keys come from a `VALUES` list (a co-routine), and `CROSS JOIN` keeps it the outer
    /// loop, so SQLite seeks each key in `access_points` by rowid with one cursor — this spares
    /// thirty statement starts, cursor openings and resets per request. (`bssid IN (?, …)`
    /// would instead build and sort a temporary B-tree of the keys at every execution, which
    /// cost more than it saved.) A repeated key returns its row twice.
    static let accessPointQueries: [String] = (1...accessPointsPerStatement).map { count in
        """
        SELECT known.bssid, latitude, longitude, radius, samples, first_seen, last_seen, status, ssid
        FROM (VALUES \(Array(repeating: "(?)", count: count).joined(separator: ", "))) AS heard
        CROSS JOIN access_points AS known ON known.bssid = heard.column1
        """
    }

    /// The `status` column as an `EmitterStatus`, read without making a `String` for it.
    static func status(_ statement: SQLiteStatement, column: Int32, otherwise: EmitterStatus) -> EmitterStatus {
        if statement.text(column, equals: "usable") { return .usable }
        if statement.text(column, equals: "unproven") { return .unproven }
        if statement.text(column, equals: "moved") { return .moved }
        if statement.text(column, equals: "travelling") { return .travelling }
        return otherwise
    }

    func lookUpCells(_ ids: some Collection<CellIdentity>) throws -> [CellIdentity: KnownCell] {
        // A map opened read-only may predate `cells.faint_signal` (migration v8).
        let hasFaintSignals = try hasCellFaintSignals()
        let statement = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, radius, samples, first_seen, last_seen, status\(hasFaintSignals ? ", faint_signal" : "")
            FROM cells WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?
            """)
        var found: [CellIdentity: KnownCell] = [:]
        for id in ids where found[id] == nil {
            statement.bind(Self.key(id))
            defer { statement.reset() }
            guard try statement.step() else { continue }
            var cell = Self.cell(id, from: statement)
            if hasFaintSignals { cell.faintSignal = statement.optionalDouble(7) }
            found[id] = cell
        }
        return found
    }

    func lookUpAreas(_ ids: some Collection<AreaIdentity>) throws -> [AreaIdentity: KnownArea] {
        let statement = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, radius, cell_count FROM areas
            WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ?
            """)
        var found: [AreaIdentity: KnownArea] = [:]
        for id in ids where found[id] == nil {
            statement.bind(Self.key(id))
            defer { statement.reset() }
            guard try statement.step() else { continue }
            found[id] = KnownArea(
                identity: id, coordinate: Coordinate(latitude: statement.double(0), longitude: statement.double(1)),
                radius: statement.double(2), cellCount: Int(statement.int64(3)))
        }
        return found
    }

    /// A cell from the columns `latitude, longitude, radius, samples, first_seen, last_seen, status`.
    static func cell(_ id: CellIdentity, from statement: SQLiteStatement) -> KnownCell {
        KnownCell(
            identity: id, coordinate: Coordinate(latitude: statement.double(0), longitude: statement.double(1)),
            radius: statement.double(2), sampleCount: Int(statement.int64(3)),
            firstSeen: statement.optionalDouble(4).map(Date.init(timeIntervalSince1970:)),
            lastSeen: statement.optionalDouble(5).map(Date.init(timeIntervalSince1970:)),
            status: status(statement, column: 6, otherwise: .usable))
    }

    static func key(_ id: CellIdentity) -> [SQLiteValue] {
        [.text(id.radio.rawValue), .integer(Int64(id.mcc)), .integer(Int64(id.mnc)), .integer(Int64(id.area)),
         .integer(id.cellID)]
    }

    static func key(_ id: AreaIdentity) -> [SQLiteValue] {
        [.text(id.radio.rawValue), .integer(Int64(id.mcc)), .integer(Int64(id.mnc)), .integer(Int64(id.area))]
    }
}
