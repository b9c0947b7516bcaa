extension QSettingsFile {
    /// Why a file is not edited.
    struct EditRefusal: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The values of every key, as Qt reads them.
    var values: [String: QtVariant] {
        winners.mapValues { QSettingsValue.read(bytes[$0.value], encoding: encoding) }
    }

    /// The file with keys changed as QSettings would store them, and every other byte kept: a key's value replaced
    /// in its entry, a new key at the end of its section (the top level before the first header), a new section at
    /// the end, a key removed with every entry of it, so that none shows through.
    ///
    /// The result is read again: when any other key would read differently, or a changed one not as asked, nothing is
    /// returned but a refusal.
    ///
    /// - Parameter changes: The value to store for each key, or `nil` to remove it.
    /// - Returns: The edited file.
    /// - Throws: ``EditRefusal`` when Qt does not read the file as written, a value has no text, or the edit would
    ///   change another key.
    func edited(_ changes: [String: QtVariant?]) throws(EditRefusal) -> QSettingsFile {
        if let problem { throw EditRefusal(description: "Qt skips part of it (\(problem)); fix that first") }
        var file = self
        for key in changes.keys.sorted() {
            guard let value = changes[key] ?? nil else {
                file.remove(key)
                continue
            }
            guard let text = QSettingsValue.text(of: value) else {
                throw EditRefusal(description: "\(key) holds a value Qt has no text for")
            }
            file.set(key, text: Array(text.utf8))
        }
        let before = values
        let after = file.values
        if let problem = file.problem {
            throw EditRefusal(description: "the edit would make Qt skip part of it (\(problem))")
        }
        for key in Set(before.keys).union(after.keys).sorted() {
            let expected = changes.keys.contains(key) ? (changes[key] ?? nil).map(Self.readBack) : before[key]
            if after[key] != expected {
                throw EditRefusal(description: "the edit would make Qt read \(key) otherwise than asked")
            }
        }
        return file
    }

    /// What a value reads back as once written: a one-item string list is written as its item.
    private static func readBack(_ value: QtVariant) -> QtVariant {
        if case .stringList(let items) = value, items.count == 1 { return .string(items[0]) }
        guard let text = QSettingsValue.text(of: value) else { return value }
        return QSettingsValue.read(Array(text.utf8)[...], encoding: .latin1)
    }

    private mutating func set(_ key: String, text: [UInt8]) {
        if let entry = winners[key] {
            replace(entry.value, with: text)
            return
        }
        let slash = key.firstIndex(of: "/")
        let section = slash.map { String(key[..<$0]) + "/" } ?? ""
        let name = slash.map { String(key[key.index(after: $0)...]) } ?? key
        let line = Array(QSettingsKeyName.escaped(name).utf8) + [UInt8(ascii: "=")] + text + lineEnd
        if let end = sectionEnds[section],
            section.isEmpty || entries.contains(where: { $0.section == section })
                || headers.contains(section)
        {
            let needsBreak = end > contentStart && end == bytes.count && bytes.last != 0x0A && bytes.last != 0x0D
            replace(end..<end, with: (needsBreak ? lineEnd : []) + line)
            return
        }
        var header = QSettingsKeyName.escaped(String(section.dropLast()))
        if header.lowercased() == "general" { header = "%General" }
        var added: [UInt8] = []
        if bytes.count > contentStart {
            if bytes.last != 0x0A && bytes.last != 0x0D { added += lineEnd }
            added += lineEnd
        }
        added += Array("[\(header)]".utf8) + lineEnd + line
        replace(bytes.count..<bytes.count, with: added)
    }

    private mutating func remove(_ key: String) {
        for entry in entries.reversed() where entry.key == key {
            replace(Self.lineSpan(of: entry.range, in: bytes), with: [])
        }
    }

    /// An entry's bytes with its line, when nothing else is on it: its indentation and its line end.
    private static func lineSpan(of range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return range }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        guard end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D else { return range }
        if end < bytes.count, bytes[end] == 0x0D { end += 1 }
        if end < bytes.count, bytes[end] == 0x0A { end += 1 }
        return start..<end
    }
}
