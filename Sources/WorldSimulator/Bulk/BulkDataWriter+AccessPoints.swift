import Foundation
import PositioningCore

extension BulkDataWriter {
    /// Access points per cluster in ``writeAccessPointList(count:to:)``: a dense street where a
    /// laptop hears thirty or more networks.
    public static let accessPointsPerCluster = 40

    /// Writes an access-point list (`ssid,bssid,encryption,vendor,longitude,latitude`, the layout
    /// of published city lists) of `count` access points in clusters of
    /// ``accessPointsPerCluster`` within about 120 m, scattered over the region; every BSSID is
    /// unique (up to 2^26 access points).
    ///
    /// Importing it gives a radio map of `count` access points, the input of the `locate --batch`
    /// benchmark; ``writeScanQueries(count:accessPoints:to:)`` writes scans heard among them.
    /// - Throws: `SimulationError.cannotWrite`.
    @discardableResult
    public func writeAccessPointList(count: Int, to path: String) throws(SimulationError) -> BulkWriteReport {
        precondition(count <= 1 << 26, "BSSIDs are unique up to 2^26 access points")
        let started = Date()
        let file = try BufferedFileWriter(path: path)
        try file.write("ssid,bssid,encryption,vendor,longitude,latitude\n")
        let plane = LocalTangentPlane(origin: centre)
        for index in 0..<count {
            let spot = accessPointPosition(index)
            let position = plane.unproject(east: spot.east, north: spot.north)
            try file.write("Net-")
            file.write(integer: index)
            file.write(byte: UInt8(ascii: ","))
            file.write(macAddress: accessPointAddress(index))
            try file.write(",[WPA2-PSK-CCMP][ESS],,")
            file.write(decimal: position.longitude, places: 7)
            file.write(byte: UInt8(ascii: ","))
            file.write(decimal: position.latitude, places: 7)
            try file.endLine()
        }
        try file.flush()
        return BulkWriteReport(rows: count, bytes: fileSize(path), elapsedSeconds: Date().timeIntervalSince(started))
    }

    /// Writes `count` geolocate requests, one JSON object per line, each a scan of 30 access
    /// points of one random cluster of the list ``writeAccessPointList(count:to:)`` wrote for
    /// `accessPoints`, heard from a random spot in the cluster with a log-distance signal.
    /// - Throws: `SimulationError.cannotWrite`.
    @discardableResult
    public func writeScanQueries(count: Int, accessPoints: Int, to path: String) throws(SimulationError) -> BulkWriteReport {
        let started = Date()
        let file = try BufferedFileWriter(path: path)
        var random = SeededRandomNumberGenerator(seed: seed, stream: 14)
        let perCluster = Self.accessPointsPerCluster
        let clusters = max(1, accessPoints / perCluster)
        let scanSize = min(30, accessPoints)
        for _ in 0..<count {
            let cluster = random.nextInt(below: clusters)
            let centre = clusterCentre(cluster)
            let here = PlanePosition(east: centre.east + random.nextDouble(in: -40...40),
                                     north: centre.north + random.nextDouble(in: -40...40))
            // 30 distinct members of the cluster, from a random start with a stride coprime to 40.
            let first = random.nextInt(below: perCluster)
            try file.write(#"{"considerIp":false,"wifiAccessPoints":["#)
            for heard in 0..<scanSize {
                let index = min(accessPoints - 1, cluster * perCluster + (first + heard * 7) % perCluster)
                let spot = accessPointPosition(index)
                let distance = max(1, ((spot.east - here.east) * (spot.east - here.east)
                    + (spot.north - here.north) * (spot.north - here.north)).squareRoot())
                let signal = Int((-32 - 30 * log10(distance) + 4 * random.nextGaussian()).rounded())
                if heard > 0 { file.write(byte: UInt8(ascii: ",")) }
                try file.write(#"{"macAddress":""#)
                file.write(macAddress: accessPointAddress(index))
                try file.write(#"","signalStrength":"#)
                file.write(integer: max(-99, min(-30, signal)))
                try file.write(#","frequency":"#)
                file.write(integer: index % 3 == 0 ? 5180 : 2412 + 5 * (index % 11))
                file.write(byte: UInt8(ascii: "}"))
            }
            try file.write("]}")
            try file.endLine()
        }
        try file.flush()
        return BulkWriteReport(rows: count, bytes: fileSize(path), elapsedSeconds: Date().timeIntervalSince(started))
    }

    /// The `index`th listed access point's BSSID: a 26-bit serial permuted into a
    /// random-looking, unique, globally administered address.
    private func accessPointAddress(_ index: Int) -> UInt64 {
        let serial = UInt64(index)
        let low = serial &* 0x9E_3779 & 0xFF_FFFF
        return Self.listOUIs[Int(serial >> 24) & 3] << 24 | low
    }

    /// Where the `index`th listed access point stands, from a hash.
    private func accessPointPosition(_ index: Int) -> PlanePosition {
        let centre = clusterCentre(index / Self.accessPointsPerCluster)
        var random = SeededRandomNumberGenerator(seed: SeededRandomNumberGenerator.mix(seed, 15, UInt64(index)))
        return PlanePosition(east: centre.east + random.nextDouble(in: -60...60),
                             north: centre.north + random.nextDouble(in: -60...60))
    }

    private static let listOUIs: [UInt64] = [0x3CA62F, 0x7CFF4D, 0x50C7BF, 0x14CC20]
}
