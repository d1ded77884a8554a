import PositioningCore
import SurveyFormats

/// How `RadioMap.importSurvey` treats a file.
public struct ImportOptions: Sendable {
    /// The file's format, or nil to detect it from the content.
    public var format: SurveyFormat?
    /// Whether the first malformed row aborts the import (leaving the map untouched) instead of
    /// being counted and skipped.
    public var strict: Bool

    /// Creates options; by default the format is detected and bad rows are skipped.
    public init(format: SurveyFormat? = nil, strict: Bool = false) {
        self.format = format
        self.strict = strict
    }
}
