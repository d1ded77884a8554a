/// "Did you mean …?" for a mistyped command or option name.
public enum Suggestion {
    /// `"; did you mean '--json'?"` when one candidate is close to `name`, else empty.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String {
        guard let closest = closest(to: name, among: candidates) else { return "" }
        return "; did you mean '\(closest)'?"
    }

    /// The candidate fewest edits away, if it is close enough to be a typo (or `name` is its
    /// start, as in `--data` for `--database`).
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let allowed = max(2, name.count / 3)
        if best.distance <= allowed { return best.candidate }
        let prefixed = candidates.filter { $0.hasPrefix(name) && name.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
