import Foundation
import Testing

import SystemSupport

/// No class of ours has a field whose offset the runtime computes.
///
/// A class that stores a value of a resilient (non-`@frozen`) library type —
/// `ContinuousClock.Instant`, an optional `CheckedContinuation`, or a struct, tuple or `Mutex`
/// holding one — has its field offsets filled in when its metadata is first initialised. Swift
/// 6.3.1's optimiser can load such an offset before that (while it is still 0) and write the
/// field over the object's header: a release-built `serve` had its first worker report a garbage
/// uptime and crash at exit (`tools/compiler-bugs/resilient-field-offset.swift`). Swift emits one
/// field-offset variable (`…Wvd`) per stored property; those the runtime fills are zero until
/// then, so they sit in `.bss`, the statically known ones in `.rodata`.
@Suite struct ClassLayoutTests {
    @Test func noClassHasAFieldTheRuntimeLaysOut() async throws {
        // The test binary holds every library module of the package (the test targets depend
        // on all of them) and the test support; resolved here, since nm's /proc/self is nm.
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let symbols = try await Self.fieldOffsetSymbols(in: binary)
        // Hundreds of stored properties of classes are in the binary: none seen means nm's output
        // was not read, not that the layout is right.
        #expect(symbols.count > 100, "only \(symbols.count) field-offset symbols read from nm")
        // In address order, which is the order the fields are declared in: the first of a class
        // is the field that made its layout a runtime one (those after it follow).
        let runtimeLaidOut = symbols.filter(\.isFilledAtRuntime).sorted { $0.address < $1.address }
        let fields = try await Self.demangled(runtimeLaidOut.map(\.name))
        var classes: [String] = []
        var fieldsByClass: [String: [String]] = [:]
        for field in fields {
            let name = Self.className(of: field)
            if fieldsByClass[name] == nil { classes.append(name) }
            fieldsByClass[name, default: []].append(Self.fieldName(of: field))
        }
        let report = classes.sorted().map { name in
            let fields = fieldsByClass[name, default: []]
            return "\(name).\(fields[0])" + (fields.count > 1 ? " (and \(fields.count - 1) more declared after it)" : "")
        }
        if !report.isEmpty {
            Issue.record(
                """
                Classes with fields whose offsets the runtime computes (their field-offset variables are in \
                .bss): \(report.count). Swift 6.3.1 -O can write such a field over the object's header \
                (tools/compiler-bugs/resilient-field-offset.swift). Store a MonotonicInstant instead of a \
                ContinuousClock.Instant, and continuations in an array rather than an optional:
                \(report.joined(separator: "\n"))
                """)
        }
    }

    /// One field-offset variable: its address, mangled name and `nm`'s section letter.
    struct FieldOffsetSymbol {
        var address: UInt64
        var name: String
        var type: Character
        /// Zero-initialised (`.bss`): the value is written when the class's metadata is set up.
        var isFilledAtRuntime: Bool { type == "b" || type == "B" }
    }

    /// The field-offset variables (`$s…Wvd`) `nm` lists as defined in `path`.
    static func fieldOffsetSymbols(in path: String) async throws -> [FieldOffsetSymbol] {
        let outcome = try await ChildProcess.run("/usr/bin/env", ["nm", "--defined-only", path], timeout: .seconds(120))
        let errors = String(decoding: outcome.standardError, as: UTF8.self)
        try #require(outcome.exitStatus == .exited(0), "nm (binutils; tools/install-deps installs it) failed: \(errors)")
        return String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { line in
            // "0000000000503f48 b $s15GeolocateServer…Wvd"
            let columns = line.split(separator: " ")
            guard columns.count == 3, columns[2].hasSuffix("Wvd"), columns[1].count == 1,
                let address = UInt64(columns[0], radix: 16)
            else { return nil }
            return FieldOffsetSymbol(address: address, name: String(columns[2]), type: columns[1].first!)
        }
    }

    /// `direct field offset for Module.Class.field : Type` for each name, as the toolchain's
    /// `swift-demangle` writes it; the mangled names when it is not installed beside `swift`.
    static func demangled(_ names: [String]) async throws -> [String] {
        guard !names.isEmpty else { return [] }
        let outcome = try await ChildProcess.run("/usr/bin/env", ["swift-demangle", "--compact"] + names, timeout: .seconds(60))
        guard outcome.exitStatus == .exited(0) else { return names }
        let lines = String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        return lines.count == names.count ? lines : names
    }

    /// `GeolocateServer.GeolocateService` for `direct field offset for
    /// GeolocateServer.GeolocateService.(started in _AEA…) : Swift.ContinuousClock.Instant`.
    static func className(of field: String) -> String {
        let path = Self.path(of: field)
        return path.lastIndex(of: ".").map { String(path[..<$0]) } ?? path
    }

    /// `started : Swift.ContinuousClock.Instant` for the same.
    static func fieldName(of field: String) -> String {
        let path = Self.path(of: field)
        let name = path.lastIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? path
        let type = field.range(of: " : ").map { String(field[$0.upperBound...]) } ?? ""
        return type.isEmpty ? name : "\(name) : \(type)"
    }

    /// `Module.Class.field`, a private one's discriminator (`(started in _AEA…)`) dropped.
    private static func path(of field: String) -> String {
        var text = field.hasPrefix("direct field offset for ") ? String(field.dropFirst("direct field offset for ".count)) : field
        if let colon = text.range(of: " : ") { text = String(text[..<colon.lowerBound]) }
        while let open = text.range(of: "("), let within = text.range(of: " in _", range: open.upperBound..<text.endIndex),
            let close = text.range(of: ")", range: within.upperBound..<text.endIndex)
        {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: text[open.upperBound..<within.lowerBound])
        }
        return text
    }
}
