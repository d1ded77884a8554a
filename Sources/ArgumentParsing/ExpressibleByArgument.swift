import Foundation

/// Why a command-line value could not be converted to its type.
public enum ArgumentValueError: Error, Sendable {
    /// The value is not what the type accepts: `--timeout: 'abc' is not a number of seconds`.
    case notA(String)
    /// A sentence of its own after the option's name, for types whose message has long been
    /// worded so (`--area expects LAT,LON,RADIUS …, got '…'`).
    case message(String)
    /// A reason of its own after the option's name and a colon:
    /// `--timezone: unknown time zone 'Mars/Olympus' (…)`.
    case reason(String)

    /// The whole message for the option or argument `name` given `text`.
    public func message(name: String, text: String) -> String {
        switch self {
        case .notA(let expected): "\(name): '\(text)' is not \(expected)"
        case .message(let sentence): "\(name) \(sentence)"
        case .reason(let reason): "\(name): \(reason)"
        }
    }
}

/// A type a command-line value converts to, with one message for every failure.
public protocol ExpressibleByArgument: Sendable {
    init(argument: String) throws(ArgumentValueError)
    /// The placeholder in help when a declaration names none (`N`, `SECONDS`).
    static var defaultValueName: String { get }
    /// The allowed values, for enumerations; shown in help and offered by completion.
    static var allValueStrings: [String] { get }
    /// Whether values are file paths, so completion offers files.
    static var completesFiles: Bool { get }
}

extension ExpressibleByArgument {
    public static var defaultValueName: String { "VALUE" }
    public static var allValueStrings: [String] { [] }
    public static var completesFiles: Bool { false }
}

extension String: ExpressibleByArgument {
    public init(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = Int(argument) else { throw .notA("a whole number") }
        self = value
    }
    public static var defaultValueName: String { "N" }
}

extension UInt64: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = UInt64(argument) else { throw .notA("a whole number") }
        self = value
    }
    public static var defaultValueName: String { "N" }
}

extension Double: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = Double(argument), value.isFinite else { throw .notA("a number") }
        self = value
    }
}

extension Duration: ExpressibleByArgument {
    /// A non-negative number of seconds, fractions allowed (`2.5`).
    public init(argument: String) throws(ArgumentValueError) {
        guard let seconds = Double(argument), seconds.isFinite, seconds >= 0 else { throw .notA("a number of seconds") }
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }
    public static var defaultValueName: String { "SECONDS" }
}

/// A file path from the command line; `-` where a command reads standard input.
public struct FilePath: ExpressibleByArgument, Hashable, CustomStringConvertible {
    public var string: String

    public init(_ string: String) { self.string = string }

    public init(argument: String) throws(ArgumentValueError) {
        guard !argument.isEmpty else { throw .notA("a path") }
        string = argument
    }
    public static var defaultValueName: String { "PATH" }
    public static var completesFiles: Bool { true }
    public var description: String { string }
}

/// Enumerations whose raw values are their spellings convert by those (in any case), and
/// list them.
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = Self(rawValue: argument) ?? Self(rawValue: argument.lowercased()) else {
            throw .notA(Self.allValueStrings.spelledAsAlternatives)
        }
        self = value
    }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var defaultValueName: String { allValueStrings.joined(separator: "|") }
}

/// A comma-separated list (`gps,cell,wifi`), each element converted by its type.
public struct CommaList<Element: ExpressibleByArgument>: ExpressibleByArgument {
    public var elements: [Element]

    public init(_ elements: [Element]) { self.elements = elements }

    public init(argument: String) throws(ArgumentValueError) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !parts.contains(where: \.isEmpty) else { throw .notA("a comma-separated list") }
        var elements: [Element] = []
        for part in parts {
            do {
                elements.append(try Element(argument: part))
            } catch {
                if case .notA(let expected) = error {
                    throw .notA("a comma-separated list of \(Element.defaultValueName) ('\(part)' is not \(expected))")
                }
                throw error
            }
        }
        self.elements = elements
    }
    public static var defaultValueName: String { "LIST" }
    public static var allValueStrings: [String] { Element.allValueStrings }
}

extension CommaList: Equatable where Element: Equatable {}

extension [String] {
    /// `a, b or c`.
    public var spelledAsAlternatives: String {
        count < 2 ? joined() : dropLast().joined(separator: ", ") + " or " + last!
    }
}
