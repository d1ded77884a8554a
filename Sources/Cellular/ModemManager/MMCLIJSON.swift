import Foundation
import JSONCodec

/// The one place the Cellular module reads JSON: an `mmcli -J` document behind path lookups,
/// read with the project's strict JSON parser (`JSONParser`).
///
/// mmcli prints every scalar as a JSON string and a missing value as `"--"`
/// (cli/mmcli-output.c); lookups here return nil for both absent keys and `"--"`.
struct MMCLIJSON {
    private let root: JSONValue

    /// Parses a whole `mmcli -J` output.
    /// - Throws: `.malformedOutput` when it is not a JSON array or object, or is an array.
    init(text: some StringProtocol) throws(CellularError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(String(text))
        } catch {
            throw .malformedOutput("not JSON: \(text.prefix(60))")
        }
        switch value {
        case .object: root = value
        case .array: throw .malformedOutput("not a JSON object")
        default: throw .malformedOutput("not JSON: \(text.prefix(60))")
        }
    }

    /// The string at a dotted key such as `modem.location.3gpp.mcc`, nil when absent, empty or `--`.
    func string(_ key: String) -> String? {
        guard let value = value(key)?.stringValue else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "--" ? nil : trimmed
    }

    /// The string array at a dotted key (`[]` when absent).
    func strings(_ key: String) -> [String] {
        value(key)?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// Whether the object at `key` exists.
    func contains(_ key: String) -> Bool {
        value(key) != nil
    }

    private func value(_ key: String) -> JSONValue? {
        var current: JSONValue? = root
        for part in key.split(separator: ".") {
            current = current?[String(part)]
        }
        return current
    }
}
