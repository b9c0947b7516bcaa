import PrefsCore

/// A script `prefs record` wrote, read back by `prefs apply`: only its own `prefs write` and `prefs delete` lines,
/// whose words are single-quoted or plain, beside comments, blank lines and `set -e`.
///
/// Hand-written because no shell parser library fits: this reads exactly the forms ``RecordScript`` writes and
/// refuses, by line number, anything else a shell would do (`$`, `;`, pipes, double quotes, another command), so
/// that applying a script never runs or means more than its `prefs` lines say.
public enum RecordedScript {
    /// One line of the script that changes a key.
    public enum Command: Sendable, Hashable {
        /// `prefs write --type TYPE -- SUITE KEY VALUE`, or `prefs write --type TYPE --value-file - -- SUITE KEY`
        /// with the value in a here-document.
        case write(WriteRequest)
        /// `prefs delete --force -- SUITE KEY`.
        case delete(suite: String, key: String)
    }

    /// The commands of a script, in order.
    ///
    /// - Parameter text: The script.
    /// - Returns: Its commands.
    /// - Throws: ``ToolError`` naming the first line that is not one `prefs record` writes.
    public static func commands(in text: String) throws -> [Command] {
        var commands: [Command] = []
        for (line, words) in try self.words(in: text) {
            commands.append(try command(words, line: line))
        }
        return commands
    }

    private static func command(_ words: [String], line: Int) throws -> Command {
        switch words {
        case let words where words.count == 8 && words[0...2] == ["prefs", "write", "--type"] && words[4] == "--":
            guard let type = ValueText.ValueType(rawValue: words[3]) else {
                throw refused(line, "the type \(TextEscaping.quoted(words[3])) is none prefs write takes")
            }
            return .write(WriteRequest(suite: words[5], key: words[6], value: words[7], type: type))
        case let words
        where words.count == 11 && words[0...2] == ["prefs", "write", "--type"]
            && words[4...6] == ["--value-file", "-", "--"] && words[9] == "<<":
            guard let type = ValueText.ValueType(rawValue: words[3]) else {
                throw refused(line, "the type \(TextEscaping.quoted(words[3])) is none prefs write takes")
            }
            return .write(WriteRequest(suite: words[7], key: words[8], value: words[10], type: type))
        case let words where words.count == 6 && words[0...3] == ["prefs", "delete", "--force", "--"]:
            return .delete(suite: words[4], key: words[5])
        default:
            throw refused(line, "only the prefs write and prefs delete lines prefs record writes are applied")
        }
    }

    private static func refused(_ line: Int, _ why: String) -> ToolError {
        ToolError("line \(line) of the script: \(why); nothing was applied", code: .invalidDocument)
    }

    /// The script's commands as words, each with the line it starts on; comments, blank lines, the `#!` line and
    /// `set -e` are left out.
    private static func words(in text: String) throws -> [(line: Int, words: [String])] {
        var commands: [(line: Int, words: [String])] = []
        var words: [String] = []
        var word: String?
        var line = 1
        var start = 1
        var scalars = text.unicodeScalars.makeIterator()
        func endWord() {
            if let finished = word { words.append(finished) }
            word = nil
        }
        func endCommand() {
            endWord()
            if !words.isEmpty && words != ["set", "-e"] { commands.append((start, words)) }
            words = []
        }
        while let scalar = scalars.next() {
            switch scalar {
            case "\n":
                endCommand()
                line += 1
                start = line
            case " ", "\t":
                endWord()
            case "#" where word == nil:
                // A comment runs to the end of its line.
                while let next = scalars.next(), next != "\n" {}
                endCommand()
                line += 1
                start = line
            case "'":
                var quoted = word ?? ""
                var closed = false
                while let next = scalars.next() {
                    if next == "'" {
                        closed = true
                        break
                    }
                    if next == "\n" { line += 1 }
                    quoted.unicodeScalars.append(next)
                }
                guard closed else { throw refused(start, "a quote is not closed") }
                word = quoted
            case "\\":
                // Only the escaped quote a single-quoted word is cut at: 'it'\''s'.
                guard scalars.next() == "'" else { throw refused(line, "a backslash escapes only a quote here") }
                word = (word ?? "") + "'"
            case "<" where word == nil && !words.isEmpty:
                // A here-document, as RecordScript writes one: <<'DELIMITER', its lines, the delimiter alone.
                words += ["<<", try hereDocument(&scalars, line: &line)]
                endCommand()
                line += 1
                start = line
            case let plain where isPlain(plain):
                word = (word ?? "") + String(plain)
            default:
                throw refused(line, "\(TextEscaping.quoted(String(scalar))) would mean something to the shell")
            }
        }
        endCommand()
        return commands
    }

    /// The body of a here-document whose `<` has been read: `<'DELIMITER'` and the end of its line, then the lines up
    /// to the delimiter alone, joined as they were; only a quoted delimiter of plain characters is taken, so that the
    /// shell expands nothing in the body either.
    ///
    /// - Parameters:
    ///   - scalars: The script, just after the first `<`.
    ///   - line: The line the document starts on; the delimiter's line when it returns.
    /// - Returns: The body.
    /// - Throws: ``ToolError`` for any other form, or a document that never ends.
    private static func hereDocument(
        _ scalars: inout String.UnicodeScalarView.Iterator, line: inout Int
    ) throws -> String {
        let start = line
        guard scalars.next() == "<", scalars.next() == "'" else {
            throw refused(start, "only a here-document <<'DELIMITER' may follow a prefs write")
        }
        var delimiter = ""
        while let next = scalars.next(), next != "'" {
            guard isPlain(next) else { throw refused(start, "a here-document's delimiter is plain characters") }
            delimiter.unicodeScalars.append(next)
        }
        guard !delimiter.isEmpty, scalars.next() == "\n" else {
            throw refused(start, "a here-document's delimiter ends its line")
        }
        var lines: [String] = []
        var current = ""
        while let next = scalars.next() {
            guard next == "\n" else {
                current.unicodeScalars.append(next)
                continue
            }
            line += 1
            if current == delimiter { return lines.joined(separator: "\n") }
            lines.append(current)
            current = ""
        }
        line += 1
        if current == delimiter { return lines.joined(separator: "\n") }
        throw refused(start, "the here-document never ends with \(TextEscaping.quoted(delimiter)) alone on a line")
    }

    /// Whether a character outside quotes means nothing but itself to the shell: letters, digits, `- _ . /`.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./".unicodeScalars.contains(scalar)
    }
}
