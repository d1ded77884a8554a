import Foundation
import PositioningCore
import SurveyFormats

/// One recording session of a survey: a file, or a stretch of it between two long time gaps.
///
/// A phone that logs a walk, pauses for an hour and walks again writes one file holding two
/// recordings; `SessionCutter` cuts them apart where consecutive rows' known times lie more than
/// the gap apart (rows of unknown time, WiGLE's 1970, stay in the session they follow).
///
/// ```swift
/// let sessions = try SurveySession.sessions(in: ["walk1.csv", "walk2.csv"], gap: 1800)
/// print(sessions.map(\.label))     // ["walk1.csv", "walk2.csv#1", "walk2.csv#2"]
/// ```
public struct SurveySession: Hashable, Sendable {
    /// The file's path, as given.
    public var path: String
    /// The session's number within its file, from 0.
    public var index: Int
    /// How many sessions its file holds.
    public var sessionsInFile: Int
    /// Its rows (blank lines not counted).
    public var rows: Int
    /// Its first and last known times, nil when none is known.
    public var start: Date?
    public var end: Date?

    /// The file's name, with `#n` (from 1) when the file holds more than one session.
    public var label: String {
        let name = (path as NSString).lastPathComponent
        return sessionsInFile > 1 ? "\(name)#\(index + 1)" : name
    }

    /// Every session of `files`, in file order and then time order: each file read a chunk at
    /// a time and cut where consecutive known times lie more than `gap` seconds apart.
    public static func sessions(in files: [String], gap: TimeInterval) throws(SurveySplitError) -> [SurveySession] {
        var sessions: [SurveySession] = []
        for path in files {
            let file = try SurveyCSVFile(path: path)
            let timeColumn = file.columns["FirstSeen"]
            var cutter = SessionCutter(gap: gap)
            var found: [SurveySession] = []
            while let record = try file.nextRecord() {
                guard !record.isBlank else { continue }
                let time = timeColumn.flatMap { record[$0] }.flatMap(WigleTimestamp.parse)
                let index = cutter.session(at: time)
                if index == found.count {
                    found.append(SurveySession(path: path, index: index, sessionsInFile: 0, rows: 0, start: nil, end: nil))
                }
                found[index].rows += 1
                if let time {
                    found[index].start = min(found[index].start ?? time, time)
                    found[index].end = max(found[index].end ?? time, time)
                }
            }
            sessions += found.map { session in
                var session = session
                session.sessionsInFile = found.count
                return session
            }
        }
        return sessions
    }
}
