import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport

/// Reads, splits and parses a CSV survey's rows on a thread of its own while the importer
/// writes the previous batch on the calling thread: the machine has two cores, and reading,
/// decompressing and parsing are about half of an import's CPU time.
///
/// Rows arrive in file order, each with its line number and its parse result, in batches; at
/// most about one write batch's worth waits, so memory stays bounded. ``cancel()`` (also run by the importer when
/// it stops early: a strict-mode rejection, a database error) stops the thread and waits for
/// it, so the file and the reader are never used by two threads at once.
///
/// ```swift
/// let pipeline = RowPipeline(reader: reader, reachedEnd: false, parse: parser.parse, readChunk: { … })
/// defer { pipeline.cancel() }
/// while let batch = try pipeline.next() { for (line, row) in batch.rows { … } }
/// ```
final class RowPipeline: @unchecked Sendable {
    // @unchecked: the mutable state is touched only with `condition` locked; the closures and
    // the reader are used only by the pipeline's thread once it has started.
    typealias Parse = (CSVRecord) throws(SurveyRowError) -> SurveyRow

    /// Parsed rows and how far into the file the reading got.
    struct Batch {
        var rows: [(line: Int, row: Result<SurveyRow, SurveyRowError>)] = []
        var bytesRead: Int64 = 0
    }

    private enum Message {
        case batch(Batch)
        case end
        case failure(any Error)
    }

    private let condition = NSCondition()
    private var queue: [Message] = []
    private var cancelled = false
    /// The thread reading and parsing; set once in `init`.
    private var producer: DedicatedThread<Void>?
    private static let batchSize = 8_192
    /// A little more than the importer's largest write batch (`SurveyImporter.observationBatchSize`):
    /// while the importer writes one batch, this thread parses the next instead of waiting.
    private static let queueLimit = 18

    /// Starts the thread.
    /// - Parameters:
    ///   - reader: The record reader, holding whatever the importer has not consumed yet.
    ///   - reachedEnd: Whether the file was already read to its end (the reader is finished).
    ///   - parse: The format's row parser.
    ///   - readChunk: Appends the file's next chunk to the reader; false at the end of the file.
    ///   - bytesRead: How many of the file's bytes have been read.
    init(reader: CSVRecordReader, reachedEnd: Bool, parse: @escaping Parse,
         readChunk: @escaping (inout CSVRecordReader) throws -> Bool, bytesRead: @escaping () -> Int64) {
        let work = Work(reader: reader, reachedEnd: reachedEnd, parse: parse, readChunk: readChunk, bytesRead: bytesRead)
        producer = DedicatedThread("whereabouts.import.parse") { [self] in produce(work) }
    }

    /// The next batch in file order; nil once every row was delivered.
    /// - Throws: what reading the file threw (`ImportError.unreadable`, `.corrupt`).
    func next() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty { condition.wait() }
        let message = queue.removeFirst()
        condition.broadcast()
        switch message {
        case .batch(let batch): return batch
        case .end:
            queue.insert(.end, at: 0)
            return nil
        case .failure(let error):
            queue.insert(.failure(error), at: 0)
            throw error
        }
    }

    /// Stops the thread if it still runs and waits until it has.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        producer?.wait()
    }

    /// What the thread owns while it runs (unchecked: handed over once, then used only there).
    private struct Work: @unchecked Sendable {
        var reader: CSVRecordReader
        var reachedEnd: Bool
        let parse: Parse
        let readChunk: (inout CSVRecordReader) throws -> Bool
        let bytesRead: () -> Int64
    }

    private func produce(_ work: Work) {
        var work = work
        var batch = Batch()
        batch.rows.reserveCapacity(Self.batchSize)
        do {
            while true {
                while let record = work.reader.nextRecord() {
                    guard !record.isBlank else { continue }
                    let row: Result<SurveyRow, SurveyRowError>
                    do throws(SurveyRowError) {
                        row = .success(try work.parse(record))
                    } catch {
                        row = .failure(error)
                    }
                    batch.rows.append((record.line, row))
                    if batch.rows.count == Self.batchSize {
                        batch.bytesRead = work.bytesRead()
                        guard send(.batch(batch)) else { return }
                        batch.rows.removeAll(keepingCapacity: true)
                    }
                }
                if work.reachedEnd { break }
                if try !work.readChunk(&work.reader) {
                    work.reader.finish()
                    work.reachedEnd = true
                }
            }
            batch.bytesRead = work.bytesRead()
            if !batch.rows.isEmpty { guard send(.batch(batch)) else { return } }
            _ = send(.end)
        } catch {
            _ = send(.failure(error))
        }
    }

    /// Queues a message once there is room; false when the pipeline was cancelled.
    private func send(_ message: Message) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= Self.queueLimit && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        queue.append(message)
        condition.broadcast()
        return true
    }
}
