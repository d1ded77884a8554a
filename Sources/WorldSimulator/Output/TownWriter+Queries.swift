import PositioningCore

extension TownWriter {
    /// Writes `queries.jsonl` (geolocate requests) and `truth.jsonl` (true positions), one line
    /// each per query, in the same order: the town's queries, then its off-survey ones.
    func writeQueries(queries queriesPath: String, truth truthPath: String, summary: inout SimulationSummary)
        throws(SimulationError)
    {
        let queries = try BufferedFileWriter(path: queriesPath)
        let truth = try BufferedFileWriter(path: truthPath)
        let moved = Set(town.accessPoints.filter(\.isMoved).map(\.bssid))
        let hotspots = Set(town.hotspots.map(\.bssid))
        func write(_ query: SimulatedQuery) throws(SimulationError) {
            let scan = query.scan
            if query.kind == .wifi {
                summary.wifiQueries += 1
                if !scan.cells.isEmpty { summary.wifiQueriesWithCells += 1 }
                if scan.accessPoints.contains(where: { moved.contains($0.bssid) }) {
                    summary.wifiQueriesWithMovedAccessPoints += 1
                }
                if scan.accessPoints.contains(where: { hotspots.contains($0.bssid) }) {
                    summary.wifiQueriesWithHotspots += 1
                }
            } else {
                summary.cellQueries += 1
            }
            try writeRequest(scan, to: queries)
            let coordinate = town.coordinate(of: scan.truePosition)
            try truth.write("{\"lat\":")
            truth.write(decimal: coordinate.latitude, places: 7)
            try truth.write(",\"lng\":")
            truth.write(decimal: coordinate.longitude, places: 7)
            try truth.write(",\"kind\":\"\(query.kind.rawValue)\"")
            if query.isOffSurvey { try truth.write(",\"offSurvey\":true") }
            truth.write(byte: UInt8(ascii: "}"))
            try truth.endLine()
        }
        try town.forEachQuery(write)
        try town.forEachOffSurveyQuery(write)
        try queries.flush()
        try truth.flush()
    }

    /// One geolocate request (Ichnaea/Google shape) on one line; empty lists are left out.
    private func writeRequest(_ scan: SimulatedScan, to file: BufferedFileWriter) throws(SimulationError) {
        try file.write("{\"considerIp\":false")
        try writeObservations(accessPoints: scan.accessPoints, cells: scan.cells, to: file)
        file.write(byte: UInt8(ascii: "}"))
        try file.endLine()
    }

    /// `,"wifiAccessPoints":[…]` and `,"cellTowers":[…]` in geolocate shape, each only when
    /// non-empty.
    func writeObservations(accessPoints: [HeardAccessPoint], cells: [HeardCell], to file: BufferedFileWriter)
        throws(SimulationError)
    {
        if !accessPoints.isEmpty {
            try file.write(",\"wifiAccessPoints\":[")
            for (position, heard) in accessPoints.enumerated() {
                try file.write(position == 0 ? "{\"macAddress\":\"" : ",{\"macAddress\":\"")
                file.write(macAddress: heard.bssid.rawValue)
                try file.write("\",\"signalStrength\":")
                file.write(integer: heard.signalStrength)
                try file.write(",\"channel\":")
                file.write(integer: heard.channel)
                file.write(byte: UInt8(ascii: "}"))
            }
            file.write(byte: UInt8(ascii: "]"))
        }
        if !cells.isEmpty {
            try file.write(",\"cellTowers\":[")
            for (position, heard) in cells.enumerated() {
                let identity = heard.cell.identity
                try file.write(position == 0 ? "{\"radioType\":\"" : ",{\"radioType\":\"")
                try file.write(identity.radio.rawValue)
                try file.write("\",\"mobileCountryCode\":")
                file.write(integer: identity.mcc)
                try file.write(",\"mobileNetworkCode\":")
                file.write(integer: identity.mnc)
                try file.write(",\"locationAreaCode\":")
                file.write(integer: identity.area)
                try file.write(",\"cellId\":")
                file.write(integer: identity.cellID)
                try file.write(",\"signalStrength\":")
                file.write(integer: heard.signalStrength)
                file.write(byte: UInt8(ascii: "}"))
            }
            file.write(byte: UInt8(ascii: "]"))
        }
    }
}
