/// A KConfig file as its lines, each kept byte for byte, so that a write changes the lines of the keys it changes and
/// nothing else: comments, blank lines, lines KConfig ignores, localized entries, and the order of keys and groups.
/// (KConfig itself drops comments and sorts groups on every save.)
///
/// Reading follows `KConfigIniBackend::parseConfig` (`src/core/kconfigini.cpp`): lines are trimmed of white space;
/// `#` starts a comment; `[A][B]` opens the nested group `A`/`B`, `[A][$i]` makes it immutable and a bare `[$i]` the
/// whole file; `key[$i]=`, `key[$e]=`, `key[$d]` and `key[de]=` carry options and a locale. Hand-written: no library
/// reads the format outside KDE's own C++, and `prefs` links no Qt.
struct KConfigFile: Sendable, Hashable {
    /// The largest file read: far beyond any settings file, so that a runaway file is refused, not read into memory.
    static let maximumSize = 16 << 20

    /// The lines, in order.
    var lines: [KConfigLine]
    /// Whether the last line ends with a line feed.
    var endsWithLineFeed: Bool

    /// An empty file.
    init() {
        lines = []
        endsWithLineFeed = true
    }

    /// Reads a file's bytes; every line is kept, whatever KConfig makes of it.
    ///
    /// - Parameter bytes: The file, at most ``maximumSize`` bytes (the caller checks).
    init(bytes: [UInt8]) {
        lines = []
        endsWithLineFeed = bytes.last == UInt8(ascii: "\n") || bytes.isEmpty
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = Array(bytes[start..<end])
            lines.append(KConfigLine(bytes: line, kind: Self.kind(of: line)))
            start = end + 1
        }
    }

    /// The file's bytes.
    var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(lines.reduce(0) { $0 + $1.bytes.count + 1 })
        for (index, line) in lines.enumerated() {
            result += line.bytes
            if index < lines.count - 1 || endsWithLineFeed { result.append(UInt8(ascii: "\n")) }
        }
        return result
    }

    /// Whether a bare `[$i]` header makes the file immutable: KConfig then writes nothing to it and reads no file
    /// after it, wherever in the file the line is (`parseConfig` sets `fileOptionImmutable` on any such header, and
    /// the groups after it are immutable).
    var isImmutable: Bool {
        lines.contains { $0.kind == .group(path: [], immutable: true) }
    }

    // MARK: - Reading one line

    /// What KConfig makes of a line.
    static func kind(of line: [UInt8]) -> KConfigLine.Kind {
        var start = 0
        var end = line.count
        while start < end, isSpace(line[start]) { start += 1 }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        guard start < end, line[start] != UInt8(ascii: "#") else { return .other }
        if line[start] == UInt8(ascii: "[") { return header(line[start..<end]) }
        return entry(line, start: start, end: end)
    }

    /// A group's header: `[A]`, `[A][B]`, `[A][$i]`, `[$i]`; anything after a `]` not followed by `[` is ignored, as
    /// KConfig ignores it.
    private static func header(_ text: ArraySlice<UInt8>) -> KConfigLine.Kind {
        var path: [String] = []
        var immutable = false
        var start = text.startIndex + 1
        while true {
            guard let end = text[start...].firstIndex(of: UInt8(ascii: "]")) else { return .other }
            let part = text[start..<end]
            if end + 1 == text.endIndex, part.elementsEqual("$i".utf8) {
                immutable = true
            } else {
                path.append(String(decoding: KConfigEscaping.unescaped(part), as: UTF8.self))
            }
            start = end + 2
            guard start <= text.endIndex, text[end + 1] == UInt8(ascii: "[") else { break }
        }
        return .group(path: path, immutable: immutable)
    }

    /// An entry: `key=value` with options and a locale in brackets after the key.
    private static func entry(_ line: [UInt8], start: Int, end: Int) -> KConfigLine.Kind {
        let equals = line[start..<end].firstIndex(of: UInt8(ascii: "="))
        var keyEnd = equals ?? end
        while keyEnd > start, isSpace(line[keyEnd - 1]) { keyEnd -= 1 }
        guard keyEnd > start else { return .other }
        var key = line[start..<keyEnd]
        var locale: String?
        var (immutable, expands) = (false, false)
        while let open = key.lastIndex(of: UInt8(ascii: "[")) {
            guard let close = key[open...].firstIndex(of: UInt8(ascii: "]")) else { return .other }
            if close > open + 1, key[open + 1] == UInt8(ascii: "$") {
                let options = key[(open + 2)..<close]
                immutable = immutable || options.contains(UInt8(ascii: "i"))
                expands = expands || options.contains(UInt8(ascii: "e"))
                if options.contains(UInt8(ascii: "d")) {
                    return .entry(
                        KConfigEntry(
                            key: text(key[..<open]), locale: locale, immutable: immutable, expands: false,
                            deleted: true, valueStart: line.count, valueEnd: line.count))
                }
            } else {
                guard locale == nil else { return .other }
                locale = String(decoding: key[(open + 1)..<close], as: UTF8.self)
            }
            key = key[..<open]
        }
        guard let equals, !key.isEmpty else { return .other }
        var valueStart = equals + 1
        while valueStart < end, isSpace(line[valueStart]) { valueStart += 1 }
        return .entry(
            KConfigEntry(
                key: text(key), locale: locale, immutable: immutable, expands: expands, deleted: false,
                valueStart: valueStart, valueEnd: end))
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: KConfigEscaping.unescaped(bytes), as: UTF8.self)
    }

    /// White space as `QByteArray::trimmed` sees it: space, tab, line feed, vertical tab, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (9...13).contains(byte)
    }
}
