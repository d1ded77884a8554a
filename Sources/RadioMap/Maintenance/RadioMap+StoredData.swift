import Foundation
import PositioningCore

/// What personal data a radio map holds: `status` shows it with how to delete it.
public struct StoredDataSummary: Hashable, Sendable {
    /// Raw sightings (access points and cells).
    public var observations: Int
    /// Sightings retention folded into summaries.
    public var summarizedObservations: Int
    /// Learning sessions (imports of format `learned`) and the sightings they recorded.
    public var learningSessions: Int
    public var learnedObservations: Int
    /// The oldest and newest sighting time (nil when none has a time).
    public var oldest: Date?
    public var newest: Date?

    public init(observations: Int, summarizedObservations: Int, learningSessions: Int, learnedObservations: Int,
                oldest: Date?, newest: Date?) {
        self.observations = observations
        self.summarizedObservations = summarizedObservations
        self.learningSessions = learningSessions
        self.learnedObservations = learnedObservations
        self.oldest = oldest
        self.newest = newest
    }
}

extension RadioMap {
    /// How many sightings the map holds, from when, and how many it learned itself.
    ///
    /// ```swift
    /// let stored = try map.storedData()
    /// print(stored.observations, stored.oldest as Any)
    /// ```
    public func storedData() throws(RadioMapError) -> StoredDataSummary {
        try reading {
            func count(_ sql: String) throws -> Int { Int(try connection.integer(sql)) }
            let learned = "(SELECT id FROM imports WHERE format = '\(Self.learningFormat)')"
            var times: [Double] = []
            for sql in ["SELECT min(time), max(time) FROM ap_observations",
                        "SELECT min(time), max(time) FROM cell_observations"] {
                let statement = try connection.makeStatement(sql: sql)
                if try statement.step() {
                    times += [statement.optionalDouble(0), statement.optionalDouble(1)].compactMap { $0 }
                }
            }
            var summarized = 0
            // A map from before summaries existed, opened read-only (never migrated), has none.
            if try connection.hasTable("ap_observation_summaries") {
                summarized = try count("""
                    SELECT (SELECT coalesce(sum(samples), 0) FROM ap_observation_summaries)
                        + (SELECT coalesce(sum(samples), 0) FROM cell_observation_summaries)
                    """)
                for sql in ["SELECT min(first_seen), max(last_seen) FROM ap_observation_summaries",
                            "SELECT min(first_seen), max(last_seen) FROM cell_observation_summaries"] {
                    let statement = try connection.makeStatement(sql: sql)
                    if try statement.step() {
                        times += [statement.optionalDouble(0), statement.optionalDouble(1)].compactMap { $0 }
                    }
                }
            }
            return StoredDataSummary(
                observations: try count("SELECT (SELECT count(*) FROM ap_observations) + (SELECT count(*) FROM cell_observations)"),
                summarizedObservations: summarized,
                learningSessions: try count("SELECT count(*) FROM imports WHERE format = '\(Self.learningFormat)'"),
                learnedObservations: try count("""
                    SELECT (SELECT count(*) FROM ap_observations WHERE import_id IN \(learned))
                        + (SELECT count(*) FROM cell_observations WHERE import_id IN \(learned))
                    """),
                oldest: times.min().map(Date.init(timeIntervalSince1970:)),
                newest: times.max().map(Date.init(timeIntervalSince1970:)))
        }
    }
}
