import Foundation
import PositioningCore
import SurveyFormats

/// How `RadioMap.importSurvey` treats a file.
public struct ImportOptions: Sendable {
    /// The file's format, or nil to detect it from the content.
    public var format: SurveyFormat?
    /// Whether the first malformed row aborts the import (leaving the map untouched) instead of
    /// being counted and skipped.
    public var strict: Bool
    /// The zone a survey's local times (WiGLE app `FirstSeen`) are written in; nil takes it from
    /// the file (an unknown-time marker) or reads the times as UTC.
    public var timeZone: TimeZone?
    /// What of the file is kept (`--mcc`, `--within`); nil keeps every row.
    public var filter: ImportFilter?

    /// Creates options; by default the format is detected, bad rows are skipped, times without
    /// a zone are read as the file says (else UTC) and every good row is kept.
    public init(format: SurveyFormat? = nil, strict: Bool = false, timeZone: TimeZone? = nil, filter: ImportFilter? = nil) {
        self.format = format
        self.strict = strict
        self.timeZone = timeZone
        self.filter = filter.flatMap { $0.keepsAll ? nil : $0 }
    }
}
