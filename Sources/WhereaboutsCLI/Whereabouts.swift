/// Entry point of the `whereabouts` command line.
public enum Whereabouts {
    /// Runs the command line with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) async -> Int32 {
        0
    }
}
