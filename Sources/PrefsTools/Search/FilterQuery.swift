public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What `prefs find` and the editor's `/` look for: words separated by spaces, every one of which a key must match.
///
/// A word is free text (ranked as ``SearchPattern`` ranks: names first, then documentation, then values), a filter
/// (`@modified`, `@type:int`, `@changed:2h`…, listed in ``filters``), `KEY=VALUE` or `=VALUE` (the value in force as
/// shown, exactly, `*` standing for any text), or a key name holding `*` (`editor.*`). `-` before a word asks the
/// opposite; quotes group words into one piece of free text, taken as it is. The query is parsed once and matched
/// against each key's ``KeyFacts`` in a ``SuiteKeyTable``: one rule for both tools, so they list the same keys in
/// the same order.
public struct FilterQuery: Sendable {
    /// A type `@type:` names: the shape of a stored value.
    public enum TypeName: String, Sendable, CaseIterable {
        case string, int, float, bool, date, data, array, dictionary

        /// The shape of a stored type.
        public init(_ kind: PrimitiveKind) {
            self =
                switch kind {
                case .string: .string
                case .int: .int
                case .double: .float
                case .bool: .bool
                case .date: .date
                case .data: .data
                case .array: .array
                case .dictionary: .dictionary
                }
        }
    }

    /// A filter word: its name after `@`, what it takes after a colon, and what it keeps, for help.
    public struct Filter: Sendable {
        public let name: String
        /// What follows `name:`, such as `T`; `nil` for a filter that takes nothing.
        public let argument: String?
        public let help: String
    }

    /// Every filter, in the order help lists them: the one table parsing, help and "did you mean" derive from.
    public static let filters: [Filter] = [
        Filter(name: "modified", argument: nil, help: "the value in force differs from the default, or has none"),
        Filter(name: "stored", argument: nil, help: "the user's store holds a value"),
        Filter(name: "default", argument: nil, help: "nothing sets the key: it reads its default"),
        Filter(name: "locked", argument: nil, help: "a system lock fixes the key"),
        Filter(name: "system", argument: nil, help: "a system layer sets the value in force"),
        Filter(name: "secret", argument: nil, help: "the schema marks the key secret"),
        Filter(name: "invalid", argument: nil, help: "the schema refuses the value stored"),
        Filter(name: "undeclared", argument: nil, help: "stored, but the suite's schema does not declare it"),
        Filter(
            name: "type", argument: "T",
            help: "the stored type is T: " + TypeName.allCases.map(\.rawValue).joined(separator: ", ")),
        Filter(name: "writer", argument: "TEXT", help: "the last change's writer holds TEXT (process, pid, host)"),
        Filter(
            name: "changed", argument: "WHEN",
            help: "changed since WHEN: a time ago (90s, 30m, 2h, 7d), today, or a date"),
        Filter(name: "suite", argument: "GLOB", help: "the suite's name matches GLOB (* for any text)"),
    ]

    /// The query as typed.
    public let text: String
    let terms: [FilterTerm]

    /// Whether the query asks nothing: every key matches.
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether the query looks for text (a word, not only `@` conditions), so that a match has a reason to show.
    public var searchesText: Bool {
        terms.contains { term in
            if case .text = term.condition { !term.negated } else { false }
        }
    }

    /// Parses a query.
    ///
    /// - Parameters:
    ///   - text: The words typed.
    ///   - now: The moment `@changed:` counts back from.
    /// - Throws: ``ToolError`` (usage) naming the word that is not understood and the nearest filter, or a query
    ///   longer than ``maximumLength`` or of more than ``maximumWords`` different words.
    public init(_ text: String, now: Date = Date()) throws(ToolError) {
        guard text.utf8.count <= Self.maximumLength * 4, text.count <= Self.maximumLength else {
            throw ToolError(
                "the query is \(text.count) characters long; at most \(Self.maximumLength) are searched", code: .usage)
        }
        self.text = text
        // A word given twice asks nothing more, so it is searched once.
        var seen: Set<String> = []
        let words = Self.words(in: text).filter {
            seen.insert("\($0.negated ? "-" : "")\($0.quoted ? "\"" : "")\($0.text)").inserted
        }
        guard words.count <= Self.maximumWords else {
            throw ToolError(
                "the query has \(words.count) different words; at most \(Self.maximumWords) are searched "
                    + "(narrow it with @suite:, @type: or key=value)", code: .usage)
        }
        terms = try words.map { word throws(ToolError) in try Self.term(word, now: now) }
    }

    /// The longest query, in characters: every key is matched against every word, so the work is bounded by the
    /// query's size times the keys searched (a thousand repeated words over 100,000 keys once took 37 s).
    public static let maximumLength = 1024
    /// The most different words a query holds.
    public static let maximumWords = 32

    /// The keys of a suite the query matches, in the table's order, each with its rank.
    ///
    /// - Parameters:
    ///   - table: The suite's keys.
    ///   - candidates: The only rows to look at, in the table's order: what a query this one narrows found
    ///   (``narrows(_:)``); every row when `nil`.
    /// - Returns: Each matching row and its rank: the worst of its free-text words', or
    ///   ``SearchPattern/Rank/exactKey`` for a query of filters alone.
    public func matches(
        in table: SuiteKeyTable, among candidates: [Int32]? = nil
    ) -> [(row: Int32, rank: SearchPattern.Rank)] {
        // Whether the suite is wanted is known once, not once per key.
        for term in terms {
            guard case .suite(let glob) = term.condition else { continue }
            if glob.matches(table.name) == term.negated { return [] }
        }
        // The facts a key must have and must not have are two masks, tested at once.
        var required: KeyFacts.Flags = []
        var forbidden: KeyFacts.Flags = []
        var others: [FilterTerm] = []
        for term in terms {
            switch term.condition {
            case .suite: continue
            case .flag(let flag): if term.negated { forbidden.formUnion(flag) } else { required.formUnion(flag) }
            default: others.append(term)
            }
        }
        // The cheapest words first, so that a key one of them refuses costs no more: a type is a comparison, free
        // text a scan, a writer or a time the suite's history (read only if a key gets that far).
        others = others.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }
            .map(\.element)
        let columns = table.columns
        var found: [(row: Int32, rank: SearchPattern.Rank)] = []
        func test(_ row: Int) {
            let flags = columns.rows.facts[row].flags
            guard flags.isSuperset(of: required), flags.isDisjoint(with: forbidden) else { return }
            var worst = SearchPattern.Rank.exactKey
            for index in others.indices {
                let rank = others[index].rank(row: row, in: columns)
                if others[index].negated {
                    if rank != nil { return }
                } else if let rank {
                    worst = max(worst, rank)
                } else {
                    return
                }
            }
            found.append((Int32(row), worst))
        }
        if let candidates {
            for row in candidates { test(Int(row)) }
        } else {
            for row in columns.keys.indices { test(row) }
        }
        return found
    }

    /// Whether every key this query matches, an earlier one matches too.
    ///
    /// Only what the earlier one found then needs searching. It holds for the same words with more after them, or
    /// the last positive free-text word longer (`fon` → `font`); a longer negated word, or a word changed, may match
    /// more.
    ///
    /// - Parameter earlier: The query typed before.
    /// - Returns: Whether this one only narrows it.
    public func narrows(_ earlier: FilterQuery) -> Bool {
        guard earlier.terms.count <= terms.count else { return false }
        for (index, old) in earlier.terms.enumerated() where old != terms[index] {
            guard index == earlier.terms.count - 1, !old.negated, !terms[index].negated,
                case .text(let shorter) = old.condition, case .text(let longer) = terms[index].condition,
                longer.narrows(shorter)
            else { return false }
        }
        return true
    }

    /// The rows a query matches, best rank first and in the table's order within a rank.
    ///
    /// - Parameter found: What ``matches(in:among:)`` found.
    /// - Returns: The positions.
    public static func ranked(_ found: [(row: Int32, rank: SearchPattern.Rank)]) -> [Int32] {
        // One pass into a bucket per rank keeps the table's order within a rank without sorting.
        var buckets = [[Int32]](repeating: [], count: SearchPattern.Rank.value.rawValue + 1)
        for (row, rank) in found { buckets[rank.rawValue].append(row) }
        return buckets.flatMap { $0 }
    }

    /// Whether a suite's name answers the query, for the suites a list shows by name: every word is free text the
    /// name matches as a key's name would (or, negated, does not), or a `@suite:` glob it matches.
    ///
    /// - Parameter name: The suite's name.
    /// - Returns: Whether the suite is listed by its name; never for a query holding other filters.
    public func matches(suiteName name: String) -> Bool {
        !terms.isEmpty
            && terms.allSatisfy { term in
                switch term.condition {
                case .text(let pattern): (pattern.rank(ofKey: name) != nil) != term.negated
                case .suite(let glob), .key(let glob): glob.matches(name) != term.negated
                default: false
                }
            }
    }
}
