/// A declared `--name VALUE` option, parsed into its typed property.
///
/// ```swift
/// @Option("--timeout", help: "Time budget per source.") var timeout: Duration = .seconds(10)
/// @Option("--db", help: "Radio map to read.") var database: FilePath?
/// @Option("--region", help: "A region (repeatable).") var regions: [RegionArgument]
/// ```
@propertyWrapper
public struct Option<Value: Sendable>: DeclaredArgument, Decodable {
    public let declaration: ArgumentDeclaration
    private let convert: @Sendable ([String], ArgumentDeclaration) throws(UsageError) -> Value
    private var value: Value?
    /// Whether the command line gave the option (rather than its default standing).
    public private(set) var isGiven = false

    public var wrappedValue: Value {
        guard let value else { preconditionFailure("\(declaration.name) is required and read before parsing") }
        return value
    }

    /// `$name.isGiven`: whether the option was on the command line.
    public var projectedValue: Self { self }

    /// An option with a default, used when the command line does not give it.
    public init(
        wrappedValue: Value, _ names: String..., valueName: String? = nil, group: String? = nil, help: String
    ) where Value: ExpressibleByArgument {
        self.init(
            names: names, valueName: valueName, group: group, help: help, element: Value.self, default: wrappedValue,
            required: false, repeatable: false
        ) { values, declaration throws(UsageError) in try convertValue(values.last!, declaration) }
    }

    /// An option the command line must give.
    public init(_ names: String..., valueName: String? = nil, group: String? = nil, help: String) where Value: ExpressibleByArgument {
        self.init(
            names: names, valueName: valueName, group: group, help: help, element: Value.self, default: nil,
            required: true, repeatable: false
        ) { values, declaration throws(UsageError) in try convertValue(values.last!, declaration) }
    }

    /// An optional option: nil when not given.
    public init<Element: ExpressibleByArgument>(
        _ names: String..., valueName: String? = nil, group: String? = nil, help: String
    ) where Value == Element? {
        self.init(
            names: names, valueName: valueName, group: group, help: help, element: Element.self, default: .some(nil),
            required: false, repeatable: false
        ) { values, declaration throws(UsageError) -> Element? in try convertValue(values.last!, declaration) }
    }

    /// A repeatable option: every value given, in order.
    public init<Element: ExpressibleByArgument>(
        wrappedValue: [Element] = [], _ names: String..., valueName: String? = nil, group: String? = nil, help: String
    ) where Value == [Element] {
        self.init(
            names: names, valueName: valueName, group: group, help: help, element: Element.self, default: wrappedValue,
            required: false, repeatable: true
        ) { values, declaration throws(UsageError) -> [Element] in
            var elements: [Element] = []
            for text in values { elements.append(try convertValue(text, declaration)) }
            return elements
        }
    }

    private init<Element: ExpressibleByArgument>(
        names: [String], valueName: String?, group: String?, help: String, element: Element.Type, default: Value?,
        required: Bool, repeatable: Bool,
        convert: @escaping @Sendable ([String], ArgumentDeclaration) throws(UsageError) -> Value
    ) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("--") }, "an option is named --like-this")
        declaration = ArgumentDeclaration(
            kind: .option, names: names, valueName: valueName ?? Element.defaultValueName, help: help,
            isRepeatable: repeatable, isRequired: required, allowedValues: Element.allValueStrings,
            completesFiles: Element.completesFiles, group: group)
        self.convert = convert
        value = `default`
    }

    public init(from decoder: any Decoder) throws {
        let field = try ArgumentField.field(in: decoder, prototype: Self.self)
        self = field.prototype
        if !field.values.isEmpty {
            value = try convert(field.values, declaration)
            isGiven = true
        }
    }
}

/// Converts one command-line value, naming the option or argument when it fails.
func convertValue<Element: ExpressibleByArgument>(
    _ text: String, _ declaration: ArgumentDeclaration
) throws(UsageError) -> Element {
    do {
        return try Element(argument: text)
    } catch {
        throw .usage(error.message(name: declaration.name, text: text))
    }
}
