/// A QSettings INI file, read as `QConfFileSettingsPrivate::readIniFile` and `readIniSection` read it, and edited an
/// entry at a time with every other byte kept (Qt itself rewrites the whole file, sorted, without its comments).
///
/// Follows `qsettings.cpp`: an entry may run over several lines (inside quotes, or after a `\` at a line's end); `;`
/// at an entry's start makes the line a comment, and one later outside quotes ends the entry; `[section]` opens a
/// section (`[General]` the top level, `[%General]` a section named `General`); a key's value is the text after its
/// first `=` outside quotes. Sections are read in the order of their names, each in file order, so the last of a key's
/// entries in that order wins, as Qt's map keeps it. A line Qt cannot read (no `=`, a header without `]`, a quote left
/// open) is a ``problem``, and such a file is not edited.
struct QSettingsFile: Sendable, Equatable {
    /// One `key=value` entry.
    struct Entry: Sendable, Equatable {
        /// The whole key, as `QSettings::allKeys()` names it (`window/size`, `General/x`).
        let key: String
        /// The section's prefix (`""` for the top level, `grp/` for `[grp]`), by which Qt orders the sections.
        let section: String
        /// The bytes of the entry, from its key to its end, its line's end left out.
        let range: Range<Int>
        /// The value's bytes: after the `=` and the spaces and tabs that follow it.
        let value: Range<Int>
    }

    /// The file's bytes.
    private(set) var bytes: [UInt8]
    /// The entries, in file order.
    private(set) var entries: [Entry] = []
    /// The end of each section's last line, by its prefix: where a new key of it goes.
    private(set) var sectionEnds: [String: Int] = [:]
    /// The sections that have a header, by prefix.
    private(set) var headers: Set<String> = []
    /// Why Qt does not read the file as written (a line it skips), or `nil`.
    private(set) var problem: String?
    /// How raw bytes past ASCII in values are read.
    private(set) var encoding: QSettingsText.Encoding = .automatic
    /// Where the content starts: after a UTF-8 byte-order mark.
    private var start = 0

    /// The most a file may hold for it to be read: Qt reads any size, and a settings file of 4 MiB is already no
    /// person's.
    static let limit = 4 << 20

    /// Reads a file's bytes.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index()
    }

    /// Every key's entry that Qt's reading keeps: the last in section-name order, then file order.
    var winners: [String: Entry] {
        var found: [String: Entry] = [:]
        for entry in orderedAsQt { found[entry.key] = entry }
        return found
    }

    /// The keys, as `allKeys()` lists them.
    var keys: [String] { winners.keys.sorted() }

    /// The entries in the order Qt reads them.
    private var orderedAsQt: [Entry] {
        // Stable: within a section, file order.
        entries.enumerated().sorted { lhs, rhs in
            lhs.element.section == rhs.element.section
                ? lhs.offset < rhs.offset
                : Array(lhs.element.section.utf16).lexicographicallyPrecedes(rhs.element.section.utf16)
        }.map(\.element)
    }

    // MARK: - Reading

    private mutating func index() {
        entries = []
        headers = []
        sectionEnds = [:]
        problem = nil
        start = 0
        encoding = .automatic
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
            encoding = .utf8
        }
        var reader = QSettingsLineReader(bytes: bytes, position: start)
        var section = ""
        sectionEnds[""] = start
        while let line = reader.next() {
            if line.openQuote { note("an entry at byte \(line.range.lowerBound) opens a quote it never closes") }
            if bytes[line.range.lowerBound] == UInt8(ascii: "[") {
                section = sectionName(line)
                headers.insert(section)
            } else if let equals = line.equals {
                var keyEnd = equals
                while keyEnd > line.range.lowerBound, bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09 {
                    keyEnd -= 1
                }
                var valueStart = equals + 1
                while valueStart < line.range.upperBound, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 {
                    valueStart += 1
                }
                let key = section + QSettingsKeyName.unescaped(bytes[line.range.lowerBound..<keyEnd])
                entries.append(
                    Entry(key: key, section: section, range: line.range, value: valueStart..<line.range.upperBound))
            } else {
                note("the entry at byte \(line.range.lowerBound) has no =")
            }
            sectionEnds[section] = reader.endOfLine(after: line.range.upperBound)
        }
    }

    /// A section header's prefix, as `readIniFile` makes it.
    private mutating func sectionName(_ line: QSettingsLineReader.Line) -> String {
        let content = bytes[line.range]
        let close = content.firstIndex(of: UInt8(ascii: "]"))
        if close == nil { note("the section header at byte \(line.range.lowerBound) has no ]") }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        var name = bytes[(line.range.lowerBound + 1)..<(close ?? line.range.upperBound)].drop(while: isSpace)
        while let last = name.last, isSpace(last) { name = name.dropLast() }
        let lowered = name.map { $0 | 0x20 }
        if lowered == Array("general".utf8) { return "" }
        if lowered == Array("%general".utf8) { return String(decoding: name.dropFirst(), as: UTF8.self) + "/" }
        return QSettingsKeyName.unescaped(name) + "/"
    }

    private mutating func note(_ reason: String) {
        if problem == nil { problem = reason }
    }

    // MARK: - Editing

    /// Replaces bytes and reads the file again.
    mutating func replace(_ range: Range<Int>, with new: [UInt8]) {
        bytes.replaceSubrange(range, with: new)
        index()
    }

    /// The line end the file uses: `\r\n` when its first line ends so.
    var lineEnd: [UInt8] {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
        return newline > 0 && bytes[newline - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// The offset where the content starts, after a byte-order mark.
    var contentStart: Int { start }
}
