import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILLs a command at seeded random moments of its run, for crash-safety tests.
///
/// Each kill's moment is a seeded fraction (2 %–110 %) of the *shortest complete run seen so
/// far*: the reference run the caller timed, and every run that finished before its kill came. A
/// reference run timed while the machine was busy would otherwise put every later kill after the
/// end of a run that the calmer machine finishes sooner — the test would see nothing killed
/// mid-run. If none of the planned kills landed while the command ran, more are made (at 2–90 %
/// of the shortest run, which now comes from runs measured on this machine as it is) until one
/// does, at most `extraAttempts` of them.
///
/// ```swift
/// var random = SplitMix64(seed: 29)
/// let kills = try RandomKills.run(count: 3, referenceRun: duration, random: &random) { index in
///     try SpawnedProcess.spawn([executable, "import", "--db", map(index), survey])
/// } inspect: { moment in
///     try inspectMap(moment)
/// }
/// ```
public enum RandomKills {
    /// One kill: when it was due, and whether the command had already exited by then.
    public struct Moment: Sendable {
        /// Which kill this is, from 0.
        public var index: Int
        /// How long after the start the kill was due.
        public var delay: Duration
        /// Whether the command finished before the kill was due (nothing was killed).
        public var exitedBeforeKill: Bool
    }

    /// Runs the kills: `spawn(index)` starts the command (returning its process id), the loop
    /// waits until the kill is due or the command exits, SIGKILLs and reaps it if it still runs,
    /// then `inspect` looks at what it left behind.
    /// - Returns: what `inspect` returned for each kill, in order — `count` of them, or more
    ///   when extra attempts were needed to land one while the command ran.
    public static func run<Kill>(
        count: Int, referenceRun: Duration, extraAttempts: Int = 20, random: inout some RandomNumberGenerator,
        spawn: (Int) throws -> Int32, inspect: (Moment) throws -> Kill
    ) throws -> [Kill] {
        var shortestRun = referenceRun
        var kills: [Kill] = []
        var landedWhileRunning = false
        var index = 0
        while index < count || (!landedWhileRunning && index < count + extraAttempts) {
            let fraction = index < count ? Double.random(in: 0.02...1.1, using: &random) : Double.random(in: 0.02...0.9, using: &random)
            let delay = shortestRun * fraction
            let started = ContinuousClock.now
            let child = ChildProcess(processID: try spawn(index))
            // The kill point is a moment in the run, not a condition to wait for; the wait ends
            // early only if the command finishes first.
            let exited = child.waitForExit(before: started + delay) != nil
            if exited {
                shortestRun = min(shortestRun, started.duration(to: .now))
            } else {
                _ = child.send(SIGKILL)
                _ = child.waitForExit()
                landedWhileRunning = true
            }
            kills.append(try inspect(Moment(index: index, delay: delay, exitedBeforeKill: exited)))
            index += 1
        }
        return kills
    }
}
