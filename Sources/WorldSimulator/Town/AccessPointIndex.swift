/// A bucket grid over access-point positions, so a scan considers only the access points
/// within hearing range instead of the whole town.
struct AccessPointIndex: Sendable {
    private let bucketSize: Double
    private var buckets: [Int64: [Int]] = [:]

    /// Indexes `positions[i]` under `i`.
    init(positions: [PlanePosition], bucketSize: Double = 100) {
        self.bucketSize = bucketSize
        for (index, position) in positions.enumerated() {
            buckets[key(column: bucket(position.east), row: bucket(position.north)), default: []].append(index)
        }
    }

    /// Calls `body` with the index of every position within about `radius` metres of `centre`
    /// (whole buckets, so a few farther ones too), in a deterministic order.
    func forEachCandidate(near centre: PlanePosition, radius: Double, _ body: (Int) -> Void) {
        let reach = Int((radius / bucketSize).rounded(.up))
        let column = bucket(centre.east)
        let row = bucket(centre.north)
        for dc in -reach...reach {
            for dr in -reach...reach {
                guard let members = buckets[key(column: column + dc, row: row + dr)] else { continue }
                for index in members { body(index) }
            }
        }
    }

    private func bucket(_ value: Double) -> Int {
        Int((value / bucketSize).rounded(.down))
    }

    private func key(column: Int, row: Int) -> Int64 {
        Int64(column) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: row)))
    }
}
