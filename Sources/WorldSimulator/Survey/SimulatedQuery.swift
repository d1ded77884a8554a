/// A held-out query: a scan at a true position that no survey sample shares, made after the
/// survey (so moved routers are heard at their new places).
public struct SimulatedQuery: Hashable, Sendable {
    /// What the query carries, and the `kind` written to `truth.jsonl`.
    public enum Kind: String, Hashable, Sendable {
        /// At least three routers, sometimes the serving cell, randomized phones and hotspots.
        case wifi
        /// Cells only.
        case cell
    }

    /// Whether this is a Wi-Fi or a cell-only query.
    public let kind: Kind
    /// The scan; its `truePosition` is the ground truth.
    public let scan: SimulatedScan
    /// Whether the query stands off the surveyed streets (`Town.forEachOffSurveyQuery`),
    /// written as `"offSurvey":true` in `truth.jsonl`.
    public var isOffSurvey = false
}
