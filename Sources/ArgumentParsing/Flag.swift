/// A declared `--name` flag, optionally with a `--no-name` form that turns it off.
///
/// ```swift
/// @Flag("--json", help: "Print JSON.") var json: Bool
/// @Flag("--calibrate", inversion: true, help: "Recalibrate after importing.") var calibrate = true
/// ```
@propertyWrapper
public struct Flag: DeclaredArgument, Decodable {
    public let declaration: ArgumentDeclaration
    public private(set) var wrappedValue: Bool
    /// Whether the command line gave the flag (either form).
    public private(set) var isGiven = false

    /// `$name.isGiven`: whether the flag was on the command line.
    public var projectedValue: Self { self }

    public init(wrappedValue: Bool = false, _ names: String..., inversion: Bool = false, group: String? = nil, help: String) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("--") }, "a flag is named --like-this")
        declaration = ArgumentDeclaration(
            kind: .flag(hasInversion: inversion), names: names, valueName: "", help: help, group: group)
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let field = try ArgumentField.field(in: decoder, prototype: Self.self)
        self = field.prototype
        if let last = field.values.last {
            wrappedValue = last == ArgumentField.flagOn
            isGiven = true
        }
    }
}
