extension KConfigFile {
    /// Gives a key a value, changing one line: the key's own when it has one (`key = old` keeps its spacing and its
    /// options, `[$e]` among them), else a new line after the last of its group, else a new group at the end.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - text: The value's text, escapes not yet applied.
    mutating func set(_ key: KConfigKeyPath, to text: String) {
        let value = KConfigEscaping.escaped(text, as: .value)
        let sections = self.sections(of: key.group)
        if let index = sections.lazy.flatMap({ $0.entries }).last(where: { self.isEntry($0, of: key) }) {
            guard case .entry(let entry) = lines[index].kind, !entry.deleted else {
                replaceLine(index, with: Self.entryLine(key.key, value: value))
                return
            }
            replaceLine(index, with: lines[index].replacingValue(with: value))
            return
        }
        let line = KConfigLine(bytes: Self.entryLine(key.key, value: value), kind: .other)
        if let last = sections.lazy.compactMap({ $0.entries.last ?? ($0.header.map { $0 }) }).last {
            insert(line, at: last + 1)
        } else if key.group.isEmpty {
            insert(line, at: 0)
        } else {
            endsWithLineFeed = true
            if let previous = lines.last, !Self.isBlank(previous) { lines.append(KConfigLine(bytes: [], kind: .other)) }
            let header = Self.headerLine(key.group)
            lines.append(KConfigLine(bytes: header, kind: Self.kind(of: header)))
            insert(line, at: lines.count)
        }
    }

    /// Removes a key's entries, but a localized or `[$d]` one.
    ///
    /// A run of its group left with nothing but blank lines goes too, with the blank line before it at the end of the
    /// file. Other empty groups are left as they are.
    ///
    /// - Parameter key: The key.
    /// - Returns: Whether a line was removed.
    @discardableResult
    mutating func remove(_ key: KConfigKeyPath) -> Bool {
        var doomed: [Int] = []
        var headers: [Int] = []
        for section in sections(of: key.group) {
            let removed = section.entries.filter { index in
                guard case .entry(let entry) = lines[index].kind else { return false }
                return isEntry(index, of: key) && !entry.deleted
            }
            doomed += removed
            // A bare `[$i]` is no group's header but the file's lock: it stays, whatever is left under it.
            if !removed.isEmpty, let header = section.header, !key.group.isEmpty {
                headers.append(header - doomed.count + removed.count)
            }
        }
        guard !doomed.isEmpty else { return false }
        for index in doomed.reversed() { lines.remove(at: index) }
        // Last first, so that a removal leaves the runs above where they were.
        for header in headers.reversed() {
            let end =
                lines[(header + 1)...].firstIndex { if case .group = $0.kind { true } else { false } } ?? lines.count
            guard lines[(header + 1)..<end].allSatisfy(Self.isBlank) else { continue }
            var start = header
            if end == lines.count, start > 0, Self.isBlank(lines[start - 1]) { start -= 1 }
            lines.removeSubrange(start..<end)
        }
        return true
    }

    // MARK: - Sections

    /// One run of a group's lines: its header (none for the default group's lines before the first header), the
    /// entry lines under it, and where the run ends.
    struct Section {
        let header: Int?
        var entries: [Int]
        var end: Int
    }

    /// Every run of a group's lines, in file order.
    func sections(of group: [String]) -> [Section] {
        var sections: [Section] = group.isEmpty ? [Section(header: nil, entries: [], end: lines.count)] : []
        var inGroup = group.isEmpty
        for (index, line) in lines.enumerated() {
            switch line.kind {
            case .group(let path, _):
                if inGroup, !sections.isEmpty { sections[sections.count - 1].end = index }
                inGroup = path == group
                if inGroup { sections.append(Section(header: index, entries: [], end: lines.count)) }
            case .entry:
                if inGroup { sections[sections.count - 1].entries.append(index) }
            case .other:
                continue
            }
        }
        return sections
    }

    private func isEntry(_ index: Int, of key: KConfigKeyPath) -> Bool {
        guard case .entry(let entry) = lines[index].kind else { return false }
        return entry.locale == nil && entry.key == key.key
    }

    private mutating func replaceLine(_ index: Int, with bytes: [UInt8]) {
        lines[index] = KConfigLine(bytes: bytes, kind: Self.kind(of: bytes))
    }

    private mutating func insert(_ line: KConfigLine, at index: Int) {
        if index == lines.count { endsWithLineFeed = true }
        lines.insert(KConfigLine(bytes: line.bytes, kind: Self.kind(of: line.bytes)), at: index)
    }

    private static func isBlank(_ line: KConfigLine) -> Bool {
        line.bytes.allSatisfy(isSpace)
    }

    /// `key=value`, the key escaped as KConfig escapes keys.
    static func entryLine(_ key: String, value: [UInt8]) -> [UInt8] {
        KConfigEscaping.escaped(key, as: .key) + [UInt8(ascii: "=")] + value
    }

    /// `[Outer][Inner]`, as KConfig writes a header: a part that starts with `$` and a few lower-case letters, which
    /// would read as options, starts with `\x24` instead.
    static func headerLine(_ group: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in group {
            bytes.append(UInt8(ascii: "["))
            let rest = part.dropFirst()
            if part.first == "$", rest.count <= 9, rest.allSatisfy({ ("a"..."z").contains($0) }) {
                bytes += Array(#"\x24"#.utf8) + KConfigEscaping.escaped(String(rest), as: .group)
            } else {
                bytes += KConfigEscaping.escaped(part, as: .group)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        return bytes
    }
}
