import Foundation
import PositioningCore

/// Writes very large, deterministic reference files for import benchmarks: an OpenCellID CSV of
/// N cells and a WiGLE CSV of N rows, streamed through a byte buffer in bounded memory.
///
/// The data are plausible rather than a coherent town: cells are scattered over a region with
/// unique identities; WiGLE rows come in scans of about eight access points from clusters of
/// ten routers (each router seen about twenty times), with an LTE row every fifth scan, so an
/// importer has real aggregation work to do.
///
/// ```swift
/// let writer = BulkDataWriter(seed: 1, centre: Coordinate(latitude: 48.14, longitude: 11.58))
/// let cells = try writer.writeOpenCellIDCells(count: 1_000_000, to: "/tmp/cells.csv")
/// let survey = try writer.writeWiGLERows(count: 5_000_000, to: "/tmp/survey.wigle.csv")
/// print(cells, survey)    // rows, MiB, rows/s
/// ```
public struct BulkDataWriter: Sendable {
    /// Seeds every random choice; the same seed and count give the same bytes.
    public let seed: UInt64
    /// The middle of the region the rows are scattered over.
    public let centre: Coordinate
    /// Half the width of the (square) region, metres.
    public let radiusMeters: Double

    /// Creates a writer for a region `radiusMeters` around `centre`.
    public init(seed: UInt64, centre: Coordinate, radiusMeters: Double = 30_000) {
        self.seed = seed
        self.centre = centre
        self.radiusMeters = radiusMeters
    }

    /// Writes `count` OpenCellID rows (GSM, UMTS and LTE in turn; every identity unique).
    /// - Throws: `SimulationError.cannotWrite`.
    @discardableResult
    public func writeOpenCellIDCells(count: Int, to path: String) throws(SimulationError) -> BulkWriteReport {
        let started = Date()
        let file = try BufferedFileWriter(path: path)
        try file.write(TownWriter.openCellIDHeader + "\n")
        var random = SeededRandomNumberGenerator(seed: seed, stream: 10)
        let plane = LocalTangentPlane(origin: centre)
        for row in 0..<count {
            // (area, cell) is unique per row; 60,000 cells per area keeps GSM ids in 16 bits.
            let kind = row % 3
            let area = 1 + row / 60_000 % 65_000
            let local = Int64(1 + row % 60_000)
            let cellID = kind == 0 ? local : local * 256 + Int64(row % 3 + 1)
            let position = plane.unproject(
                east: random.nextDouble(in: -radiusMeters...radiusMeters),
                north: random.nextDouble(in: -radiusMeters...radiusMeters))
            try file.write(BulkDataWriter.radioNames[kind])
            try file.write("262,")
            file.write(integer: 1 + row / (60_000 * 65_000) % 99)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: area)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: cellID)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: kind == 2 ? random.nextInt(below: 504) : 0)
            file.write(byte: UInt8(ascii: ","))
            file.write(decimal: position.longitude, places: 6)
            file.write(byte: UInt8(ascii: ","))
            file.write(decimal: position.latitude, places: 6)
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: random.nextInt(in: 500...8000))
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: random.nextInt(in: 1...900))
            file.write(byte: UInt8(ascii: ","))
            file.write(byte: UInt8(ascii: "1"))
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: 1_400_000_000 + Int64(row))
            file.write(byte: UInt8(ascii: ","))
            file.write(integer: 1_700_000_000 + Int64(row))
            file.write(byte: UInt8(ascii: ","))
            file.write(byte: UInt8(ascii: "0"))
            try file.endLine()
        }
        try file.flush()
        return BulkWriteReport(rows: count, bytes: fileSize(path), elapsedSeconds: Date().timeIntervalSince(started))
    }

    /// Writes a WiGLE 1.4 CSV of exactly `count` rows (WIFI, and LTE every fifth scan).
    /// - Throws: `SimulationError.cannotWrite`.
    @discardableResult
    public func writeWiGLERows(count: Int, to path: String) throws(SimulationError) -> BulkWriteReport {
        let started = Date()
        let file = try BufferedFileWriter(path: path)
        try file.write(TownWriter.wiglePreHeader + "\n" + TownWriter.wigleHeader + "\n")
        var random = SeededRandomNumberGenerator(seed: seed, stream: 11)
        let plane = LocalTangentPlane(origin: centre)
        let clusterCount = max(1, count / 200)
        let routersPerCluster = 10
        var rows = 0
        var scan: Int64 = 0
        while rows < count {
            let cluster = random.nextInt(below: clusterCount)
            let clusterCentre = self.clusterCentre(cluster)
            let east = clusterCentre.east + random.nextDouble(in: -80...80)
            let north = clusterCentre.north + random.nextDouble(in: -80...80)
            let position = plane.unproject(east: east, north: north)
            let accuracy = random.nextDouble(in: 3...12)
            let time = 1_700_000_000 + scan * 2
            func writeFix(_ type: StaticString) throws(SimulationError) {
                file.write(byte: UInt8(ascii: ","))
                file.write(decimal: position.latitude, places: 7)
                file.write(byte: UInt8(ascii: ","))
                file.write(decimal: position.longitude, places: 7)
                try file.write(",40.0,")
                file.write(decimal: accuracy, places: 1)
                file.write(byte: UInt8(ascii: ","))
                try file.write(type.description)
                try file.endLine()
            }
            for router in 0..<routersPerCluster where rows < count && random.nextBool(probability: 0.8) {
                let serial = UInt64(cluster * 16 + router)
                // Multiplying by an odd constant permutes 24-bit serials: unique, random-looking.
                let low = serial &* 0x9E_3779 & 0xFF_FFFF
                let oui = BulkDataWriter.routerOUIs[Int(serial >> 24) & 3]
                let offset = routerOffset(cluster: cluster, router: router)
                let dx = east - clusterCentre.east - offset.east
                let dy = north - clusterCentre.north - offset.north
                let distance = max(1, (dx * dx + dy * dy).squareRoot())
                let signal = Int((-32 - 30 * log10(distance) + 4 * random.nextGaussian()).rounded())
                file.write(macAddress: oui << 24 | low)
                try file.write(",Net-")
                file.write(integer: Int64(serial))
                try file.write(",[WPA2-PSK-CCMP][ESS],")
                file.write(timestamp: time)
                file.write(byte: UInt8(ascii: ","))
                file.write(integer: 1 + 5 * (router % 3))
                file.write(byte: UInt8(ascii: ","))
                file.write(integer: max(signal, -99))
                try writeFix("WIFI")
                rows += 1
            }
            if scan % 5 == 0 && rows < count {
                try file.write("26201_")
                file.write(integer: 1 + cluster / 4_096 % 65_000)
                file.write(byte: UInt8(ascii: "_"))
                file.write(integer: Int64(1 + cluster % 4_096) * 256 + 1)
                try file.write(",Telekom.de,UNKNOWN;de,")
                file.write(timestamp: time)
                try file.write(",1300,")
                file.write(integer: random.nextInt(in: -115 ... -70))
                try writeFix("LTE")
                rows += 1
            }
            scan += 1
        }
        try file.flush()
        return BulkWriteReport(rows: rows, bytes: fileSize(path), elapsedSeconds: Date().timeIntervalSince(started))
    }

    private static let radioNames = ["GSM,", "UMTS,", "LTE,"]
    private static let routerOUIs: [UInt64] = [0x3CA62F, 0x7CFF4D, 0x50C7BF, 0x14CC20]

    /// A cluster's centre, from a hash: the same every time it is asked for.
    func clusterCentre(_ cluster: Int) -> PlanePosition {
        var random = SeededRandomNumberGenerator(seed: SeededRandomNumberGenerator.mix(seed, 12, UInt64(cluster)))
        return PlanePosition(
            east: random.nextDouble(in: -radiusMeters...radiusMeters),
            north: random.nextDouble(in: -radiusMeters...radiusMeters))
    }

    private func routerOffset(cluster: Int, router: Int) -> PlanePosition {
        var random = SeededRandomNumberGenerator(
            seed: SeededRandomNumberGenerator.mix(seed, 13, UInt64(cluster), UInt64(router)))
        return PlanePosition(east: random.nextDouble(in: -60...60), north: random.nextDouble(in: -60...60))
    }

    func fileSize(_ path: String) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
