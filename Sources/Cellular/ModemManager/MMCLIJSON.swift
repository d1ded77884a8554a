import Foundation

/// The one place the Cellular module reads JSON: an `mmcli -J` document behind path lookups.
///
/// mmcli prints every scalar as a JSON string and a missing value as `"--"`
/// (cli/mmcli-output.c); lookups here return nil for both absent keys and `"--"`. Backed by
/// Foundation's `JSONSerialization` until the project's own JSON reader replaces it here.
struct MMCLIJSON {
    private let root: [String: Any]

    /// Parses a whole `mmcli -J` output.
    init(text: some StringProtocol) throws(CellularError) {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
        } catch {
            throw .malformedOutput("not JSON: \(text.prefix(60))")
        }
        guard let object = parsed as? [String: Any] else { throw .malformedOutput("not a JSON object") }
        root = object
    }

    /// The string at a dotted key such as `modem.location.3gpp.mcc`, nil when absent, empty or `--`.
    func string(_ key: String) -> String? {
        guard let value = value(key) as? String else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "--" ? nil : trimmed
    }

    /// The string array at a dotted key (`[]` when absent).
    func strings(_ key: String) -> [String] {
        (value(key) as? [Any])?.compactMap { $0 as? String } ?? []
    }

    /// Whether the object at `key` exists.
    func contains(_ key: String) -> Bool {
        value(key) != nil
    }

    private func value(_ key: String) -> Any? {
        var current: Any? = root
        for part in key.split(separator: ".") {
            current = (current as? [String: Any])?[String(part)]
        }
        return current
    }
}
