import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FilterQuery {
    /// A word as typed: its text, whether it was quoted, and whether `-` asked the opposite.
    struct Word {
        let text: String
        /// Whether the word starts with a quote: free text, taken as it is (`"@home"` looks for that text).
        let quoted: Bool
        let negated: Bool
    }

    /// The words of a query: split at spaces outside quotes, the quotes removed.
    ///
    /// A quote inside a word groups its
    /// spaces without making it text (`@writer:"prefs write"`, `note="pitch dark"`); a quote left open runs to the
    /// end, as while it is typed; a lone `-` is the text `-`.
    static func words(in text: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        var started = false
        var quoted = false
        var inQuotes = false
        var negated = false
        func end() {
            if negated && !started {
                words.append(Word(text: "-", quoted: false, negated: false))
            } else if started {
                words.append(Word(text: current, quoted: quoted, negated: negated))
            }
            (current, started, quoted, negated) = ("", false, false, false)
        }
        for character in text {
            if character == "\"" {
                if !started { quoted = true }
                started = true
                inQuotes.toggle()
            } else if character.isWhitespace && !inQuotes {
                end()
            } else if character == "-" && !started && !negated {
                negated = true
            } else {
                current.append(character)
                started = true
            }
        }
        end()
        return words
    }

    /// What a word asks.
    static func term(_ word: Word, now: Date) throws(ToolError) -> FilterTerm {
        let condition: FilterTerm.Condition
        if word.quoted {
            condition = .text(SearchPattern(word.text))
        } else if word.text.hasPrefix("@") {
            condition = try filter(word.text, now: now)
        } else if let equals = word.text.firstIndex(of: "=") {
            let key = word.text[..<equals]
            condition = .value(
                key: key.isEmpty ? nil : Glob(String(key)), value: Glob(String(word.text[equals...].dropFirst())))
        } else if word.text.contains("*") {
            condition = .key(Glob(word.text))
        } else {
            condition = .text(SearchPattern(word.text))
        }
        return FilterTerm(condition: condition, negated: word.negated)
    }

    /// The condition of an `@` word.
    private static func filter(_ word: String, now: Date) throws(ToolError) -> FilterTerm.Condition {
        let body = word.dropFirst()
        let name = String(body.prefix { $0 != ":" })
        let argument = body.firstIndex(of: ":").map { String(body[$0...].dropFirst()) }
        guard let filter = filters.first(where: { $0.name == name.lowercased() }) else {
            let names = filters.map { "@" + $0.name }
            let nearest = NearestNames.question(for: "@" + name, among: names).map { "; \($0)" } ?? ""
            throw usage("unknown filter \(TextEscaping.quoted(word))\(nearest) (prefs help find lists them)")
        }
        guard let placeholder = filter.argument else {
            guard argument == nil else {
                throw usage("@\(filter.name) takes nothing after it: \(TextEscaping.quoted(word))")
            }
            return .flag(flags[filter.name] ?? [])
        }
        guard let argument, !argument.isEmpty else {
            throw usage("@\(filter.name): needs \(placeholder) after the colon: \(filter.help)")
        }
        switch filter.name {
        case "type":
            let names = TypeName.allCases.map(\.rawValue)
            guard let type = TypeName(rawValue: argument.lowercased()) ?? typeSynonyms[argument.lowercased()] else {
                let nearest = NearestNames.question(for: argument, among: names).map { "; \($0)" } ?? ""
                throw usage(
                    "unknown type \(TextEscaping.quoted(argument)) in @type:\(nearest) (the types are "
                        + names.joined(separator: ", ") + ")")
            }
            return .type(type)
        case "writer": return .writer(argument.lowercased())
        case "changed":
            do {
                return .changed(since: try TimeText.parse(argument, now: now))
            } catch {
                throw usage("@changed: \(error)")
            }
        default: return .suite(Glob(argument))
        }
    }

    /// The facts the filters that take nothing ask for.
    private static let flags: [String: KeyFacts.Flags] = [
        "modified": .modified, "stored": .stored, "default": .atDefault, "locked": .locked, "system": .system,
        "secret": .secret, "invalid": .invalid, "undeclared": .undeclared,
    ]

    /// Other names people give the types.
    private static let typeSynonyms: [String: TypeName] = [
        "double": .float, "integer": .int, "boolean": .bool, "dict": .dictionary, "text": .string,
    ]

    private static func usage(_ message: String) -> ToolError {
        ToolError(message, code: .usage)
    }
}
