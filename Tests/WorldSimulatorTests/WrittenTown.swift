import Foundation
import PositioningCore
import TestSupport

@testable import WorldSimulator

/// A town written into a temporary directory, with readers for its files.
struct WrittenTown {
    let town: Town
    let summary: SimulationSummary
    let directory: TemporaryDirectory

    init(_ specification: TownSpecification) throws {
        town = Town(specification)
        directory = TemporaryDirectory("world-simulator")
        summary = try TownWriter(town: town).write(to: directory.url.path)
    }

    func path(_ name: String) -> String { directory.path(name) }

    func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }

    /// The file's lines, without the final empty one.
    func lines(_ name: String) throws -> [String] {
        let text = String(decoding: try data(name), as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The survey's data rows as field lists (RFC 4180 quoting undone).
    func surveyRows() throws -> [[String]] {
        try lines(TownWriter.FileName.survey).dropFirst(2).map(csvFields)
    }

    /// Each line of a JSON-lines file as a dictionary.
    func jsonLines(_ name: String) throws -> [[String: Any]] {
        try lines(name).map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
    }
}

/// Splits one CSV line into fields, undoing RFC 4180 quoting.
func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var previousWasQuote = false
    for byte in line.utf8 {
        if quoted {
            if byte == UInt8(ascii: "\"") {
                quoted = false
                previousWasQuote = true
                continue
            }
            field.append(byte)
        } else if byte == UInt8(ascii: "\"") {
            // A doubled quote inside a quoted field is a literal quote.
            if previousWasQuote { field.append(byte) }
            quoted = true
        } else if byte == UInt8(ascii: ",") {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        } else {
            field.append(byte)
        }
        previousWasQuote = false
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return fields
}

extension TownSpecification {
    static func tiny(
        seed: UInt64 = 11, latitude: Double = 52.52, longitude: Double = 13.405, size: TownSize = .tiny
    ) -> TownSpecification {
        TownSpecification(seed: seed, centre: Coordinate(latitude: latitude, longitude: longitude), size: size)
    }
}
