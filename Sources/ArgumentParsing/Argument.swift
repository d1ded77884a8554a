/// A declared positional argument, parsed into its typed property.
///
/// ```swift
/// @Argument("FILE", help: "Survey files to import.") var files: [FilePath]   // one or more
/// @Argument("ID", help: "The import's id.") var id: Int                       // exactly one
/// @Argument("BSSID|CELL", help: "What to forget.") var target: String?       // at most one
/// ```
@propertyWrapper
public struct Argument<Value: Sendable>: DeclaredArgument, Decodable {
    public let declaration: ArgumentDeclaration
    private let convert: @Sendable ([String], ArgumentDeclaration) throws(UsageError) -> Value
    private var value: Value?

    public var wrappedValue: Value {
        guard let value else { preconditionFailure("\(declaration.name) is required and read before parsing") }
        return value
    }

    /// An argument the command line must give.
    public init(_ name: String, help: String) where Value: ExpressibleByArgument {
        self.init(name: name, help: help, element: Value.self, default: nil, required: true, variadic: false) {
            values, declaration throws(UsageError) in try convertValue(values[0], declaration)
        }
    }

    /// An argument that may be left out.
    public init<Element: ExpressibleByArgument>(_ name: String, help: String) where Value == Element? {
        self.init(name: name, help: help, element: Element.self, default: .some(nil), required: false, variadic: false) {
            values, declaration throws(UsageError) -> Element? in try convertValue(values[0], declaration)
        }
    }

    /// All remaining positional values; at least one unless `optional`.
    public init<Element: ExpressibleByArgument>(_ name: String, optional: Bool = false, help: String) where Value == [Element] {
        self.init(name: name, help: help, element: Element.self, default: [], required: !optional, variadic: true) {
            values, declaration throws(UsageError) -> [Element] in
            var elements: [Element] = []
            for text in values { elements.append(try convertValue(text, declaration)) }
            return elements
        }
    }

    private init<Element: ExpressibleByArgument>(
        name: String, help: String, element: Element.Type, default: Value?, required: Bool, variadic: Bool,
        convert: @escaping @Sendable ([String], ArgumentDeclaration) throws(UsageError) -> Value
    ) {
        declaration = ArgumentDeclaration(
            kind: .positional, names: [name], valueName: name, help: help, isRepeatable: variadic, isRequired: required,
            allowedValues: Element.allValueStrings, completesFiles: Element.completesFiles)
        self.convert = convert
        value = `default`
    }

    public init(from decoder: any Decoder) throws {
        let field = try ArgumentField.field(in: decoder, prototype: Self.self)
        self = field.prototype
        if !field.values.isEmpty { value = try convert(field.values, declaration) }
    }
}
