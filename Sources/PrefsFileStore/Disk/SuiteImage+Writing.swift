import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SuiteImage {
    /// What a reason says between a value and what it would read back as: a reason holding it names the value.
    static let readBackPhrase = ", which would read back as "

    /// Why a write was refused: it would have changed a value nobody asked to change.
    struct Loss: Error, Sendable {
        /// The key whose value would not survive.
        let key: String
        /// What would have been lost, for a person.
        let reason: String
    }

    /// The image with some keys changed, and every other entry exactly as it was.
    ///
    /// An indexed file has the changed entries spliced in: each key replaces the entry with exactly its bytes (a key
    /// that differs only in Unicode normalisation is another key), new keys go in sorted place when the file is
    /// sorted and at the end otherwise, and every other entry is copied byte for byte. A binary file has every other
    /// entry's objects transcribed (see ``binaryApplying(_:)``). A file without an index is encoded whole,
    /// after checking that every value it holds reads back identical. A value XML cannot hold is refused.
    ///
    /// - Parameters:
    ///   - changes: The new value of each key, or `nil` to remove it.
    ///   - format: The format to write; `nil` keeps the file's. Another one encodes the whole file in it.
    /// - Returns: The new image.
    /// - Throws: ``Loss`` naming the first key whose value the format cannot hold, or that the whole encoding would
    ///   change; nothing is to be written then.
    func applying(_ changes: [String: PropertyListValue?], format: SuiteFileFormat? = nil) throws(Loss) -> SuiteImage {
        let target = format ?? self.format
        guard target == self.format || isEmptyFile else { return try converting(to: target, changes) }
        guard !changes.isEmpty else { return self }
        if target == .binary {
            return binary == nil ? try converting(to: .binary, changes) : try binaryApplying(changes)
        }
        try Self.checkXML(changes)
        guard let index else { return try encodingWhole(changes) }
        // A kept image holds fingerprints rather than the file; a write splices into the file as read under the lock.
        guard let bytes else {
            throw Loss(key: changes.keys.sorted().first ?? "", reason: "the file was not read before the write")
        }
        let spliced = try splicing(changes, into: index, of: bytes)
        // Emptied, a file with the writer's own header and end becomes the writer's empty file, `<dict/>`.
        if let next = spliced.index, next.keys.isEmpty, let output = spliced.bytes,
            XMLPropertyListWriter.hasOwnFrame(output, bodyEnd: next.bodyEnd)
        {
            return SuiteImage(encoding: [:])
        }
        return spliced
    }

    private func encodingWhole(_ changes: [String: PropertyListValue?]) throws(Loss) -> SuiteImage {
        var next = values
        for (key, value) in changes { next[key] = value }
        try Self.checkXML(next.mapValues { $0 })
        let image = SuiteImage(encoding: next)
        // Other programs' values are re-encoded here, so each must read back as it was. The reader is checked against
        // Foundation's, the one every UserDefaults program makes, by the tests.
        let readBack = try? SuiteImage(decoding: image.bytes ?? []).values
        for key in values.keys.sorted() where changes.index(forKey: key) == nil {
            guard let value = values[key] else { continue }
            let back = readBack?[key]
            guard let back, value.isIdentical(to: back) else {
                throw Loss(key: key, reason: value.lossDescription(readBack: back))
            }
        }
        return image
    }

    /// What one write does to one key: the entries holding exactly that key, and where a new entry would go.
    private struct Plan {
        let key: String
        let value: PropertyListValue?
        var matches: [Int] = []
        var insertion: Int
    }

    private func splicing(_ changes: [String: PropertyListValue?], into index: Index, of bytes: [UInt8]) throws(Loss)
        -> SuiteImage
    {
        let (plans, located) = locate(changes, in: index)
        let collides = located || exactValues != nil
        var replacement: [Int: Plan] = [:]
        var dropped = Set<Int>()
        var insertions: [Int: [Plan]] = [:]
        for plan in plans {
            if let first = plan.matches.first {
                if plan.value != nil { replacement[first] = plan } else { dropped.insert(first) }
                dropped.formUnion(plan.matches.dropFirst())
            } else if plan.value != nil {
                insertions[plan.insertion, default: []].append(plan)
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + changes.count * 64)
        var keys: [String] = []
        var starts: [Int] = []
        keys.reserveCapacity(index.keys.count + insertions.count)
        starts.reserveCapacity(index.keys.count + insertions.count)
        // The header and `<dict>`, up to the first entry.
        output.append(contentsOf: bytes[..<index.boundary(0)])
        var entry = 0
        // Copies whole entries up to `limit` in one go, shifting their offsets.
        func copy(upTo limit: Int) {
            guard entry < limit else { return }
            let shift = output.count - index.boundary(entry)
            for old in entry..<limit {
                keys.append(index.keys[old])
                starts.append(index.starts[old] + shift)
            }
            output.append(contentsOf: bytes[index.boundary(entry)..<index.boundary(limit)])
            entry = limit
        }
        func write(_ plan: Plan) {
            guard let value = plan.value else { return }
            keys.append(plan.key)
            starts.append(output.count)
            XMLPropertyListWriter.entry(plan.key, value, into: &output)
        }
        let positions = Set(replacement.keys).union(dropped).union(insertions.keys).sorted()
        for position in positions {
            copy(upTo: position)
            for plan in insertions[position, default: []].sorted(by: { ExactKey.precedes($0.key, $1.key) }) {
                write(plan)
            }
            if let plan = replacement[position] {
                write(plan)
                entry = position + 1
            } else if dropped.contains(position) {
                entry = position + 1
            }
        }
        copy(upTo: index.keys.count)
        let bodyEnd = output.count
        output.append(contentsOf: bytes[index.bodyEnd...])
        guard !collides else {
            // Keys that Swift finds equal are involved: the values are worked out the one way that handles them.
            do {
                return try SuiteImage(decoding: output)
            } catch {
                throw Loss(key: plans.first?.key ?? "", reason: "the spliced file does not read back")
            }
        }
        var values = values
        for plan in plans { values[plan.key] = plan.value }
        let next = Index(
            keys: keys, starts: starts, bodyEnd: bodyEnd, isCanonical: index.isCanonical && index.isSorted,
            isSorted: index.isSorted)
        return SuiteImage(values: values, exactValues: nil, bytes: output, index: next)
    }

    /// Finds, for each change, the entries holding exactly its key and where a new entry would go.
    ///
    /// - Returns: The plans, and whether any change key is canonically equal to an entry's key with other bytes.
    private func locate(_ changes: [String: PropertyListValue?], in index: Index) -> ([Plan], Bool) {
        var collides = false
        guard index.isSorted else {
            // An unsorted file is searched once for every change key; new keys go at the end.
            var plans = changes.map { Plan(key: $0.key, value: $0.value, insertion: index.keys.count) }
            let wanted = Dictionary(
                plans.indices.map { (ExactKey(plans[$0].key), $0) }, uniquingKeysWith: { first, _ in first })
            let canonical = Set(changes.keys)
            for (position, key) in index.keys.enumerated() {
                if let plan = wanted[ExactKey(key)] {
                    plans[plan].matches.append(position)
                } else if canonical.contains(key) {
                    collides = true
                }
            }
            return (plans, collides)
        }
        var plans: [Plan] = []
        for (key, value) in changes {
            let first = index.firstEntry(notBefore: key)
            var plan = Plan(key: key, value: value, insertion: first)
            var cursor = first
            // The run of keys Swift finds equal to this one: same bytes, or another normalisation.
            while cursor < index.keys.count, !(key < index.keys[cursor]) {
                if ExactKey.same(index.keys[cursor], key) { plan.matches.append(cursor) } else { collides = true }
                cursor += 1
            }
            plans.append(plan)
        }
        return (plans, collides)
    }
}

extension SuiteImage.Index {
    /// The first entry whose key is not before `key`, in a sorted index.
    func firstEntry(notBefore key: String) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The offset of entry boundary `number`: an entry's start, or the body's end after the last entry.
    func boundary(_ number: Int) -> Int { number < keys.count ? starts[number] : bodyEnd }
}
