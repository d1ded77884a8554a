/// Which of the elements `0..<count` have been joined, directly or through others (union–find
/// with path halving).
///
/// ```swift
/// var sets = DisjointSets(count: 4)
/// sets.join(0, 2)
/// sets.sets()   // [[0, 2], [1], [3]]
/// ```
public struct DisjointSets: Sendable {
    private var parent: [Int]

    public init(count: Int) {
        parent = Array(0..<count)
    }

    /// The representative of `element`'s set.
    public mutating func root(of element: Int) -> Int {
        var element = element
        while parent[element] != element {
            parent[element] = parent[parent[element]]
            element = parent[element]
        }
        return element
    }

    /// Puts `first` and `second` (and their sets) into one set.
    public mutating func join(_ first: Int, _ second: Int) {
        let (a, b) = (root(of: first), root(of: second))
        if a != b { parent[b] = a }
    }

    /// Every set, each in ascending order, in the order of their smallest elements.
    public mutating func sets() -> [[Int]] {
        var slot: [Int: Int] = [:]
        var sets: [[Int]] = []
        for element in parent.indices {
            let root = root(of: element)
            if let index = slot[root] {
                sets[index].append(element)
            } else {
                slot[root] = sets.count
                sets.append([element])
            }
        }
        return sets
    }
}
