import Foundation

/// Where test fixtures and the shared real-world data live, and scratch directories for tests.
public enum TestPaths {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // TestPaths.swift, TestSupport, Sources
        return url
    }()

    /// `Tests/Fixtures`: small files with licences that allow copying them here.
    public static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The fixture file `name` under `Tests/Fixtures`.
    public static func fixture(_ name: String) -> URL {
        fixtures.appendingPathComponent(name)
    }

    /// `../shared/data` beside the checkout (or `$WHEREABOUTS_SHARED_DATA`), or nil when absent:
    /// tests that need it skip with a message saying so.
    public static let sharedData: URL? = {
        let candidate: URL
        if let override = ProcessInfo.processInfo.environment["WHEREABOUTS_SHARED_DATA"] {
            candidate = URL(fileURLWithPath: override)
        } else {
            candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        }
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// The file `relativePath` under the shared data folder, or nil when the folder or file is absent.
    public static func sharedData(_ relativePath: String) -> URL? {
        guard let url = sharedData?.appendingPathComponent(relativePath),
            FileManager.default.fileExists(atPath: url.path)
        else { return nil }
        return url
    }
}

/// A fresh temporary directory, removed when the value is deinitialized.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "whereabouts-test") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory (not created).
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
