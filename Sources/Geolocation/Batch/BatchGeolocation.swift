import Foundation
import RadioMap
import SystemSupport

/// The batch engine (`locate --batch`) on every core: one thread reads the file in blocks of
/// whole lines, worker threads — each with its own ``Geolocator`` and so its own read-only
/// SQLite connection — answer the blocks, and the geolocate JSON answers are written in input
/// order, exactly one line per input line (a line that is not a request gets a 400
/// `parseError` object).
///
/// Nothing here runs on Swift's cooperative pool: the threads are dedicated and ``run(_:)``
/// awaits their end. At most a few blocks per worker are in flight, so memory stays bounded
/// however long the file is.
///
/// ```swift
/// let batch = try BatchGeolocation(engine: engine, firstUsing: map, threads: 2) {
///     FileHandle.standardOutput.write(Data($0))
/// }
/// try await batch.run("queries.jsonl")
/// ```
public final class BatchGeolocation: @unchecked Sendable {
    // @unchecked: every mutable property below is read and written only while `condition` is
    // locked; the geolocators are each handed to exactly one worker thread and used only there.
    private let condition = NSCondition()
    private let write: @Sendable ([UInt8]) -> Void
    private let locators: [Geolocator]
    private var blocks: [(sequence: Int, bytes: [UInt8])] = []
    private var finishedReading = false
    private var failure: (any Error)?
    private var answered: [Int: [UInt8]] = [:]
    private var nextToWrite = 0
    private var isWriting = false
    private var running = 0

    /// Blocks are about this big: a few hundred requests, small enough to keep both cores busy
    /// near the end of the file.
    private static let blockSize = 128 * 1024
    /// Blocks read but not yet written, per worker.
    private static let blocksInFlightPerWorker = 4

    /// A batch answered by `geolocators` (one thread each), its answers handed to `write` in
    /// input order, a block of whole lines at a time.
    public init(geolocators: [Geolocator], write: @escaping @Sendable ([UInt8]) -> Void) {
        precondition(!geolocators.isEmpty, "a batch needs at least one geolocator")
        self.locators = geolocators
        self.write = write
    }

    /// A batch answered by `engine` on `threads` threads (default: one per core), the first
    /// geolocator over `radioMap` and each other over its own connection. An engine with a
    /// `requestSequence` answers on one thread whatever `threads` says: one client's requests
    /// are answered in order.
    /// - Throws: `RadioMapError` when a worker's connection cannot be opened.
    public convenience init(
        engine: GeolocationEngine, firstUsing radioMap: RadioMap, threads: Int? = nil,
        write: @escaping @Sendable ([UInt8]) -> Void
    ) throws(RadioMapError) {
        let count = engine.requestSequence == nil ? threads ?? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        self.init(geolocators: try engine.geolocators(count: count, firstUsing: radioMap), write: write)
    }

    /// The worker threads answering the batch, one per geolocator.
    public var threadCount: Int { locators.count }

    /// A file a batch cannot read.
    public struct UnreadableFile: Error, CustomStringConvertible, Sendable {
        /// Its path.
        public var path: String
        public var description: String { "cannot read \(path)" }
    }

    /// Answers every line of `path` (`-` for standard input) and writes the answers in order,
    /// every worker reading one snapshot of the map: an import committing meanwhile shows in
    /// none of the answers rather than in some of them.
    /// - Throws: the first failure: `UnreadableFile`, a read error, or a `RadioMapError`.
    public func run(_ path: String) async throws {
        let maps = locators.map(\.radioMap)
        try RadioMap.beginSharedSnapshot(maps)
        defer { maps.forEach { $0.endSnapshot() } }
        try await DedicatedThread.run("whereabouts-batch-reader") { [self] () throws(any Error) in try readAndWait(path) }
    }

    /// Starts the workers, feeds them blocks, and returns once every answer is written.
    private func readAndWait(_ path: String) throws {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw UnreadableFile(path: path)
        }
        defer { if path != "-" { try? handle.close() } }
        running = locators.count
        for (number, locator) in locators.enumerated() {
            let handOver = HandOver(locator: locator)
            // The workers say they are done through `running`, which `readAndWait` waits on.
            _ = DedicatedThread("whereabouts-batch-\(number)") { [self] in work(handOver.locator) }
        }
        var sequence = 0
        var pending: [UInt8] = []
        do {
            while true {
                let chunk = try handle.read(upToCount: Self.blockSize) ?? Data()
                if chunk.isEmpty { break }
                pending.append(contentsOf: chunk)
                guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
                let block = Array(pending[...lastNewline])
                pending.removeSubrange(...lastNewline)
                guard submit(block, sequence: sequence) else { break }
                sequence += 1
            }
            if !pending.isEmpty { _ = submit(pending, sequence: sequence) }
        } catch {
            fail(error)
        }
        condition.lock()
        finishedReading = true
        condition.broadcast()
        while running > 0 || isWriting { condition.wait() }
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
    }

    /// Queues a block once fewer than the allowed number are in flight; false after a failure.
    private func submit(_ block: [UInt8], sequence: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while failure == nil && sequence - nextToWrite >= Self.blocksInFlightPerWorker * locators.count {
            condition.wait()
        }
        guard failure == nil else { return false }
        blocks.append((sequence, block))
        condition.broadcast()
        return true
    }

    private func fail(_ error: any Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// A worker's loop: take a block, answer each of its lines, hand the answers over.
    private func work(_ locator: Geolocator) {
        while let block = take() {
            var answers: [UInt8] = []
            answers.reserveCapacity(block.bytes.count / 2)
            do {
                var lines = LineBuffer(block.bytes)
                while let line = lines.nextLine() ?? lines.finish() {
                    answers.append(contentsOf: try locator.geolocateJSON(forRequest: line))
                    answers.append(UInt8(ascii: "\n"))
                }
            } catch {
                fail(error)
                break
            }
            complete(block.sequence, answers)
        }
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next block in input order, or nil at the end of the input or after a failure.
    private func take() -> (sequence: Int, bytes: [UInt8])? {
        condition.lock()
        defer { condition.unlock() }
        while blocks.isEmpty && !finishedReading && failure == nil { condition.wait() }
        guard failure == nil, !blocks.isEmpty else { return nil }
        return blocks.removeFirst()
    }

    /// Stores a block's answers and writes every answer that is next in order; one thread
    /// writes at a time, outside the lock, while the others go on answering.
    private func complete(_ sequence: Int, _ answers: [UInt8]) {
        condition.lock()
        answered[sequence] = answers
        guard !isWriting else {
            condition.unlock()
            return
        }
        isWriting = true
        while true {
            var ready: [[UInt8]] = []
            while let next = answered.removeValue(forKey: nextToWrite) {
                ready.append(next)
                nextToWrite += 1
            }
            if ready.isEmpty { break }
            condition.unlock()
            for bytes in ready { write(bytes) }
            condition.lock()
            condition.broadcast()
        }
        isWriting = false
        condition.broadcast()
        condition.unlock()
    }
}

/// Carries a geolocator, which is not `Sendable`, to the one worker thread that will use it.
private struct HandOver: @unchecked Sendable {
    let locator: Geolocator
}
