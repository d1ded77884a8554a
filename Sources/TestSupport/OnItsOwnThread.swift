import Testing

/// A trait that runs each test it applies to on a thread of its own (`ThreadTaskExecutor.run`)
/// instead of Swift's cooperative pool.
///
/// For suites whose tests compute for seconds to minutes without awaiting — building a town,
/// calibrating a map, an evaluation. On the pool (two threads on a 2-core machine) two such
/// tests stall every other async test in the process: a Core Location delegate waiting for its
/// callback, a gpsd client waiting for a fix, each with a deadline. On a thread of its own a
/// test only shares the cores, as any process would.
///
/// ```swift
/// @Suite(.onItsOwnThread) struct CalibrationTests { … }
/// ```
///
/// A test on its own thread runs its child tasks there one at a time, so it must not block
/// that thread waiting for one of them.
public struct OnItsOwnThread: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else { return try await function() }
        try await ThreadTaskExecutor.run(test.name) { try await function() }
    }
}

extension Trait where Self == OnItsOwnThread {
    /// Runs each test on a thread of its own, off Swift's cooperative pool.
    public static var onItsOwnThread: Self { Self() }
}
