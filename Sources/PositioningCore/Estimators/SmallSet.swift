/// A set for the few dozen emitters of one request: a linear search while it is small, a
/// `Set` once it grows past `linearLimit`.
///
/// Hashing an element costs more than comparing it with thirty others, and a geolocate request
/// rarely carries more than thirty access points; the `Set` keeps a request with thousands of
/// them from going quadratic.
struct SmallSet<Element: Hashable> {
    /// The size up to which the elements are searched one by one.
    static var linearLimit: Int { 32 }

    /// The elements while there are at most `linearLimit` of them.
    private var elements: [Element] = []
    /// The elements once there are more.
    private var hashed: Set<Element>?

    /// An empty set.
    init() {}

    /// The distinct elements of `sequence`.
    init(_ sequence: some Sequence<Element>) {
        for element in sequence { insert(element) }
    }

    /// Whether `element` is in the set.
    func contains(_ element: Element) -> Bool {
        hashed?.contains(element) ?? elements.contains(element)
    }

    /// Adds `element`; returns whether it was new.
    @discardableResult
    mutating func insert(_ element: Element) -> Bool {
        if hashed != nil { return hashed!.insert(element).inserted }
        guard !elements.contains(element) else { return false }
        elements.append(element)
        if elements.count > Self.linearLimit {
            hashed = Set(elements)
            elements = []
        }
        return true
    }
}
