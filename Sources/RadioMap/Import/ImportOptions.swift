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

    /// Creates options; by default the format is detected and bad rows are skipped.
    public init(format: SurveyFormat? = nil, strict: Bool = false, timeZone: TimeZone? = nil) {
        self.format = format
        self.strict = strict
        self.timeZone = timeZone
    }
}
