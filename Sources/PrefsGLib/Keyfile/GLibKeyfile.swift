/// A file in GLib's key-file format (`GKeyFile`) — GSettings' keyfile backend, a Flatpak app's `metadata` — read as
/// GLib reads it and edited a line at a time, every other byte kept.
///
/// Written by hand because GLib's own writer (`g_key_file_to_data`) rewrites the whole file, and no library keeps a
/// key file byte for byte. It follows `gkeyfile.c`: lines end at `\n` (a `\r` before it dropped); leading whitespace
/// is skipped; an empty line or one starting with `#` is a comment; `[name]` starts a group, a group named again
/// continues the first; `key=value` takes the key less its trailing whitespace and the value less its leading
/// whitespace, the last of a key in a group winning. Any other line, or a key before the first group, ends GLib's
/// reading there (`g_key_file_load_from_data` fails, and the keyfile backend keeps what it read before): ``problem``
/// says which line, values are read from the lines before it alone, and such a file is not written.
package struct GLibKeyfile: Sendable, Equatable {
    /// The lines, without their ends.
    private(set) var lines: [String]
    /// Whether the file ended with a line end; kept when it is written again.
    private let endsWithNewline: Bool
    /// Each group's entries: key → the index of the line of its last occurrence.
    private var entries: [String: [String: Int]] = [:]
    /// The groups in the order they first appear.
    package private(set) var groups: [String] = []
    /// Each group's last line, where a new key goes.
    private var groupEnds: [String: Int] = [:]
    /// Where and why GLib stops reading this file, or `nil` when it reads it whole.
    package private(set) var problem: String?

    /// The most a key file may hold for it to be read: GLib reads any size, and a settings file of a mebibyte is
    /// already no person's.
    package static let limit = 1 << 20

    /// Reads a key file's bytes.
    ///
    /// - Parameter bytes: The whole file. Text that is not UTF-8 cannot be kept byte for byte here, so such a file
    ///   has a ``problem`` and is never written; its values are read with the bytes that are not UTF-8 replaced.
    package init(_ bytes: [UInt8]) {
        // Split on the byte: Swift takes `\r\n` for one character, which a split on "\n" would not cut.
        var content = bytes[...]
        // A new file ends its last line, as GLib's writer ends every line.
        endsWithNewline = content.isEmpty || content.last == UInt8(ascii: "\n")
        if content.last == UInt8(ascii: "\n") { content.removeLast() }
        lines =
            bytes.isEmpty
            ? []
            : content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        index()
        if problem == nil, String(validating: bytes, as: UTF8.self) == nil {
            problem = "it holds text that is not UTF-8, which prefs cannot keep byte for byte"
        }
    }

    /// The raw value of a key (`g_key_file_get_value`), or `nil` when there is none before ``problem``'s line.
    package func value(group: String, key: String) -> String? {
        guard let line = entries[group]?[key] else { return nil }
        return Self.parse(lines[line]).entry?.value
    }

    /// The keys of a group, in the order of their last occurrences, before ``problem``'s line.
    package func keys(in group: String) -> [String] {
        guard let keys = entries[group] else { return [] }
        return keys.sorted { $0.value < $1.value }.map(\.key)
    }

    /// The file's bytes.
    package var bytes: [UInt8] {
        lines.isEmpty ? [] : Array((lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")).utf8)
    }

    /// Sets a key's raw value: its last occurrence's line is rewritten from `=` on, keeping the key as written and
    /// the spaces after `=`; a new key ends its group; a new group ends the file, a blank line before it.
    ///
    /// - Precondition: ``problem`` is `nil`, the group and key are names GLib takes and the value holds no line end.
    package mutating func set(group: String, key: String, value: String) {
        // A file GLib stops reading is left as it is: a line written after the bad one would not be read.
        guard problem == nil else { return }
        // A file whose lines end in `\r\n` gets new lines so too.
        let end = lines.first?.hasSuffix("\r") == true ? "\r" : ""
        if let line = entries[group]?[key] {
            let old = lines[line]
            guard let equals = old.firstIndex(of: "=") else { return }
            let spaces = old[old.index(after: equals)...].prefix { $0 == " " || $0 == "\t" }
            lines[line] = String(old[...equals]) + spaces + value + (old.hasSuffix("\r") ? "\r" : "")
        } else if let last = groupEnds[group] {
            // After the group's last entry: the blank lines and comments after it lead into the next group.
            lines.insert("\(key)=\(value)" + end, at: last + 1)
        } else {
            if let last = lines.last, !last.trimmingWhitespace.isEmpty { lines.append(end) }
            lines.append("[\(group)]" + end)
            lines.append("\(key)=\(value)" + end)
        }
        index()
    }

    /// Removes a key's last occurrence, as `g_key_file_remove_key`; a group left empty stays.
    ///
    /// - Returns: Whether there was one; `false` for a file GLib stops reading (``problem``), left as it is.
    @discardableResult
    package mutating func remove(group: String, key: String) -> Bool {
        guard problem == nil, let line = entries[group]?[key] else { return false }
        lines.remove(at: line)
        index()
        return true
    }

    // MARK: - Parsing

    private mutating func index() {
        entries = [:]
        groups = []
        groupEnds = [:]
        problem = nil
        var current: String?
        for (number, line) in lines.enumerated() {
            let parsed = Self.parse(line)
            if parsed.isGroup, let name = parsed.group {
                current = name
                if entries[name] == nil {
                    entries[name] = [:]
                    groups.append(name)
                }
                groupEnds[name] = number
            } else if let entry = parsed.entry {
                guard let group = current else {
                    problem = "line \(number + 1) is a key before any group"
                    return
                }
                entries[group, default: [:]][entry.key] = number
                groupEnds[group] = number
            } else if !parsed.isComment {
                problem = "line \(number + 1) is not a key-value pair, group, or comment"
                return
            }
        }
    }

    /// What one line is.
    private struct Line {
        var isComment = false
        var isGroup = false
        var group: String?
        var entry: (key: String, value: String)?
    }

    private static func parse(_ raw: String) -> Line {
        var text = Substring(raw)
        if text.hasSuffix("\r") { text.removeLast() }
        let start = text.drop { $0.isASCIIWhitespace }
        if start.isEmpty || start.hasPrefix("#") { return Line(isComment: true) }
        // As g_key_file_line_is_group: `[`, a name, the first `]`, then only spaces and tabs.
        if start.hasPrefix("["), let close = start.firstIndex(of: "]"),
            start[start.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" })
        {
            let name = start[start.index(after: start.startIndex)..<close]
            guard !name.isEmpty, !name.contains("["), !name.unicodeScalars.contains(where: { $0.value < 0x20 })
            else { return Line() }
            return Line(isGroup: true, group: String(name))
        }
        guard let equals = start.firstIndex(of: "=") else { return Line() }
        let key = start[..<equals].reversed().drop { $0.isASCIIWhitespace }.reversed()
        guard !key.isEmpty else { return Line() }
        let value = start[start.index(after: equals)...].drop { $0.isASCIIWhitespace }
        return Line(entry: (String(key), String(value)))
    }
}

extension GLibKeyfile {
    package static func == (lhs: GLibKeyfile, rhs: GLibKeyfile) -> Bool {
        lhs.bytes == rhs.bytes
    }
}

extension Character {
    /// Whether this is one of the characters `g_ascii_isspace` takes.
    fileprivate var isASCIIWhitespace: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0B}" || self == "\u{0C}"
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        drop { $0.isASCIIWhitespace }
    }
}
