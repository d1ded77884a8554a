/// A JSON object: its members in document order.
///
/// RFC 8259 §4 leaves duplicate names to the implementation; all members are kept, and
/// lookup by name returns the last one, as JavaScript and Python do.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One `"name": value` pair.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document (or insertion) order.
    public var members: [Member]

    /// Creates an object with `members` in the given order.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// Creates an object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The index of the first member.
    public var startIndex: Int { members.startIndex }
    /// The index after the last member.
    public var endIndex: Int { members.endIndex }
    /// The member at `position`, counting from 0 in document order.
    public subscript(position: Int) -> Member { members[position] }

    /// The value of the last member named `key`, or nil when there is none. Setting a value
    /// replaces that member in place, or appends one; setting nil removes every member so named.
    public subscript(key: String) -> JSONValue? {
        get {
            // Comparing the stored UTF-8 lengths first skips most full string comparisons.
            let length = key.utf8.count
            return members.last(where: { $0.key.utf8.count == length && $0.key == key })?.value
        }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member, even when one of that name exists already.
    public mutating func append(key: String, value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// The member names in order.
    public var keys: [String] { members.map(\.key) }
}
