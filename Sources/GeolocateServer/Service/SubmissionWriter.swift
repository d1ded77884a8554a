import Foundation
import PositioningCore
import RadioMap
import SystemSupport

/// The one thread that writes submissions into the radio map, over its own read-write
/// connection (SQLite connections are not shared across threads). Workers hand it request
/// bodies, which it imports through the geosubmit import path, and wait for the answer.
public final class SubmissionWriter: @unchecked Sendable {
    private struct Job {
        let body: [UInt8]
        let done: DispatchSemaphore
        let result: ResultBox
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Result<ImportSummary, ImportError>?
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false
    /// The writing thread; set once in `init`.
    private var writer: DedicatedThread<Void>?

    /// Opens the radio map read-write on a new thread; throws when it cannot be opened.
    public init(databasePath: String) throws(RadioMapError) {
        let opened = DispatchSemaphore(value: 0)
        let failure = ResultBox()
        writer = DedicatedThread("whereabouts-submissions") { [self] in
            let map: RadioMap
            do throws(RadioMapError) {
                map = try RadioMap(path: databasePath, mode: .readWrite)
            } catch {
                failure.value = .failure(.database(error))
                opened.signal()
                return
            }
            opened.signal()
            run(map)
        }
        opened.wait()
        if case .failure(.database(let error))? = failure.value { throw error }
    }

    /// Imports a `/v2/geosubmit` body atomically and returns what changed; blocks the calling
    /// thread meanwhile.
    /// - Throws: `ImportError.malformedDocument`/`.notASurvey` for a body that is not a geosubmit
    ///   document, `.database` when the radio map refused the write or the server is stopping.
    public func store(_ body: [UInt8]) throws(ImportError) -> ImportSummary {
        let job = Job(body: body, done: DispatchSemaphore(value: 0), result: ResultBox())
        condition.lock()
        guard !stopping else {
            condition.unlock()
            throw .database(RadioMapError.notARadioMap(path: "", reason: "the server is stopping"))
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
        job.done.wait()
        return try job.result.value!.get()
    }

    /// Finishes the queued jobs, closes the connection and ends the thread.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        writer?.wait()
    }

    private func run(_ map: RadioMap) {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                break
            }
            let job = jobs.removeFirst()
            condition.unlock()
            do throws(ImportError) {
                job.result.value = .success(try map.importSubmission(job.body))
            } catch {
                job.result.value = .failure(error)
            }
            job.done.signal()
        }
    }
}
