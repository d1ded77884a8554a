import Foundation

/// A fixed-width table for people: columns as wide as their widest cell, two spaces apart, the
/// first `textColumns` left-aligned and the figures after them right-aligned; no line ends in
/// spaces.
///
/// ```swift
/// TextTable.render([["source", "n"], ["wifi", "200"]], textColumns: 1)
/// // "source    n\nwifi    200\n"
/// ```
public enum TextTable {
    /// `rows` as lines; with the default `textColumns` every column is left-aligned.
    public static func render(_ rows: [[String]], textColumns: Int = .max) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                column < textColumns ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// `12345` → `12,345`.
    public static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 && character != "-" { result.append(",") }
            result.append(character)
        }
        return result
    }
}
