import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One word of a ``FilterQuery``: what it asks of a key, and whether it asks the opposite (`-`).
struct FilterTerm: Sendable, Hashable {
    /// What a word asks of a key.
    enum Condition: Sendable, Hashable {
        /// Free text: the key's name, else its documentation, else its value, ranked.
        case text(SearchPattern)
        /// A key name with `*` in it (`editor.*`).
        case key(Glob)
        /// `@modified`, `@stored`, `@default`, `@locked`, `@system`, `@secret`, `@invalid`, `@undeclared`.
        case flag(KeyFacts.Flags)
        /// `@type:T`: the stored type's shape.
        case type(FilterQuery.TypeName)
        /// `@writer:TEXT`: the newest change's writer holds the text, ignoring case.
        case writer(String)
        /// `@changed:WHEN`: the newest change is this recent.
        case changed(since: Date)
        /// `@suite:GLOB`.
        case suite(Glob)
        /// `KEY=VALUE` or `=VALUE`: the value in force, as shown.
        case value(key: Glob?, value: Glob)
    }

    let condition: Condition
    let negated: Bool

    /// How much matching the term costs, for trying the cheapest first.
    var cost: Int {
        switch condition {
        case .flag, .type, .suite: 0
        case .key, .value: 1
        case .text: 2
        case .writer, .changed: 3
        }
    }

    /// How the term ranks a key, before negation: `nil` when it does not match; ``SearchPattern/Rank/exactKey`` for
    /// a condition that holds, so that only free text orders the matches.
    ///
    /// - Parameters:
    ///   - row: The key's position.
    ///   - rows: The table's columns, taken out of it once per search.
    /// - Returns: The rank, or `nil`.
    func rank(row: Int, in rows: SuiteKeyTable.Columns) -> SearchPattern.Rank? {
        switch condition {
        case .text(let pattern):
            return pattern.rank(ofKey: rows.keys[row], isASCII: rows.rows.asciiKeys[row], row: row, in: rows.rows.text)
        case .key(let glob): return glob.matches(rows.keys[row]) ? .exactKey : nil
        case .flag(let flag): return rows.rows.facts[row].flags.contains(flag) ? .exactKey : nil
        case .type(let type): return rows.rows.facts[row].type == type ? .exactKey : nil
        case .writer(let text):
            return rows.table.lastChange(row: row)?.writer.contains(text) == true ? .exactKey : nil
        case .changed(let since):
            guard let time = rows.table.lastChange(row: row)?.time else { return nil }
            return time >= since ? .exactKey : nil
        case .suite(let glob): return glob.matches(rows.table.name) ? .exactKey : nil
        case .value(let key, let value):
            guard key?.matches(rows.keys[row]) ?? true else { return nil }
            return rows.rows.text.value(row: row, matches: value) ? .exactKey : nil
        }
    }
}
