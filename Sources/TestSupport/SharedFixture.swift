import Synchronization
import SystemSupport
import Testing

/// A value many tests read — a simulated town, its radio map — built once per test process on
/// a thread of its own, which the tests wait for by suspending, never by blocking.
///
/// A `static let` would do the build inside Swift's one-time initialiser, on whichever thread
/// first reads it, and every other reader would block on it there. On the cooperative pool
/// (two threads on a 2-core machine) the builder and one blocked reader are the whole pool:
/// every async test in the process stalls until the build ends, past its deadlines (CI of
/// c5706fb: about 170 s, and two Core Location tests failed).
///
/// So a suite that reads a fixture names it in a trait, which builds or awaits it before any
/// of the suite's tests starts; the tests then read `value` without waiting:
///
/// ```swift
/// static let fixture = SharedFixture("test town") { try TestTown() }
/// @Suite(.preparing(TestTown.fixture)) struct ServerTests { let town = TestTown.shared … }
/// ```
public final class SharedFixture<Value: Sendable>: Sendable {
    private let name: String
    private let build: @Sendable () throws -> Value
    private let builder = Mutex<DedicatedThread<Result<Value, any Error>>?>(nil)
    private let built = Mutex<Result<Value, any Error>?>(nil)

    /// A fixture named `name` (its build thread's name too) that `build` makes.
    public init(_ name: String, build: @escaping @Sendable () throws -> Value) {
        self.name = name
        self.build = build
    }

    /// Builds the value on a thread of its own (the first caller) or waits for that build,
    /// suspended.
    public func prepare() async {
        let thread = builder.withLock { thread in
            if let thread { return thread }
            let build = build
            let started = DedicatedThread(name) { Result { () throws(any Error) -> Value in try build() } }
            thread = started
            return started
        }
        let result = await thread.value
        built.withLock { $0 = result }
    }

    /// The value, once a `prepare()` has returned; throws what the build threw.
    public var value: Value {
        get throws {
            guard let result = built.withLock({ $0 }) else {
                preconditionFailure(
                    "the shared fixture '\(name)' was read before it was prepared: give the suite reading it the trait .preparing(…)")
            }
            return try result.get()
        }
    }
}

/// A suite trait that prepares shared fixtures (`SharedFixture.prepare()`) before any of the
/// suite's tests starts.
public struct PreparingFixtures: SuiteTrait, TestTrait, TestScoping {
    let prepare: @Sendable () async -> Void

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await prepare()
        try await function()
    }
}

extension Trait where Self == PreparingFixtures {
    /// Builds (or waits for) `fixture` before the suite's or test's first test runs.
    public static func preparing<Value>(_ fixture: SharedFixture<Value>) -> Self {
        Self { await fixture.prepare() }
    }
}
