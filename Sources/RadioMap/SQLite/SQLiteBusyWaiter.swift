import Foundation
import SystemSupport
internal import CSQLite

/// What a connection does when another connection holds the lock it needs: keep retrying with a
/// short pause, tell the user once per wait that it is waiting, give up only after `limit`.
///
/// Installed with `sqlite3_busy_handler`, which replaces the connection's `busy_timeout`. The
/// handler runs on the thread that is executing the statement, so `notice` does too.
final class SQLiteBusyWaiter {
    /// How long one wait may last; nil waits as long as the other writer holds the lock.
    let limit: Duration?
    /// After this long the wait is worth telling the user about (a short wait is not).
    let noticeDelay: Duration
    private let notice: () -> Void
    private var started: MonotonicInstant?
    private var noticed = false

    init(limit: Duration?, noticeDelay: Duration, notice: @escaping () -> Void) {
        self.limit = limit
        self.noticeDelay = noticeDelay
        self.notice = notice
    }

    /// Whether SQLite should try again; `attempt` is 0 at the start of each wait.
    func shouldRetry(attempt: Int) -> Bool {
        let now = MonotonicInstant.now
        if attempt == 0 || started == nil {
            started = now
            noticed = false
        }
        let waited = started!.duration(to: now)
        if let limit, waited >= limit { return false }
        if !noticed && waited >= noticeDelay {
            noticed = true
            notice()
        }
        // Short pauses first (most waits are for a brief commit), then 50 ms.
        let pause = min(attempt + 1, 50)
        usleep(UInt32(pause * 1_000))
        return true
    }

    /// Installs `self` as the busy handler of `handle`; the connection keeps `self` alive.
    func install(on handle: OpaquePointer) {
        sqlite3_busy_handler(handle, { context, attempt in
            let waiter = Unmanaged<SQLiteBusyWaiter>.fromOpaque(context!).takeUnretainedValue()
            return waiter.shouldRetry(attempt: Int(attempt)) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
