/// Keys in order of use, with O(1) touch, insert and remove: a doubly linked list threaded through an array, so
/// that nodes are reused instead of allocated.
struct LRUList<Key: Hashable> {
    private struct Node {
        var key: Key
        var older: Int?
        var newer: Int?
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var positions: [Key: Int] = [:]
    private(set) var oldest: Int?
    private var newest: Int?

    var count: Int { positions.count }

    /// The keys, least recently used first.
    var keys: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var cursor = oldest
        while let index = cursor {
            keys.append(nodes[index].key)
            cursor = nodes[index].newer
        }
        return keys
    }

    /// The least recently used key.
    var oldestKey: Key? { oldest.map { nodes[$0].key } }

    func contains(_ key: Key) -> Bool { positions[key] != nil }

    /// Marks a key as the most recently used, adding it if it is new.
    mutating func touch(_ key: Key) {
        if let index = positions[key] {
            unlink(index)
            link(index)
            return
        }
        let node = Node(key: key, older: nil, newer: nil)
        let index: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            index = reused
        } else {
            nodes.append(node)
            index = nodes.count - 1
        }
        positions[key] = index
        link(index)
    }

    mutating func remove(_ key: Key) {
        guard let index = positions.removeValue(forKey: key) else { return }
        unlink(index)
        free.append(index)
    }

    private mutating func unlink(_ index: Int) {
        let node = nodes[index]
        if let older = node.older { nodes[older].newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer].older = node.older } else { newest = node.older }
        nodes[index].older = nil
        nodes[index].newer = nil
    }

    private mutating func link(_ index: Int) {
        nodes[index].older = newest
        nodes[index].newer = nil
        if let newest { nodes[newest].newer = index } else { oldest = index }
        newest = index
    }
}
