extension RadioMap {
    /// What `PRAGMA integrity_check` finds: `["ok"]` for a sound file, else one line per problem
    /// (at most 100).
    ///
    /// ```swift
    /// let sound = try RadioMap(path: path, mode: .readOnly).integrityCheck() == ["ok"]
    /// ```
    public func integrityCheck() throws(RadioMapError) -> [String] {
        do {
            let check = try connection.makeStatement(sql: "PRAGMA integrity_check")
            check.bind([])
            defer { check.reset() }
            var lines: [String] = []
            while try check.step() { lines.append(check.text(0) ?? "") }
            return lines
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }
}
