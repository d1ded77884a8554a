import ArgumentParsing

/// `whereabouts db`: the group of commands that read or change the radio map itself.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Inspect, trim, export, calibrate or draw the radio map.",
        subcommands: [
            DatabaseStatsCommand.self, DatabaseImportsCommand.self, DatabaseForgetImportCommand.self,
            DatabaseForgetCommand.self, DatabaseExportCommand.self, DatabaseCalibrateCommand.self, DatabaseMapCommand.self,
        ])
}

/// The help of every command's `--db` option.
enum DatabaseOptionHelp {
    static let read = "Radio map to read (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."
    static let change = "Radio map to change (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."
}
