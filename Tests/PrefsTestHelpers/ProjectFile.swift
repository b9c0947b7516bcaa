import Foundation

/// The project's own files, read by tests that hold documents to what the code does: the README, the DocC articles
/// under `Sources/*/*.docc/`, the man page.
package enum ProjectFile {
    /// The package's root folder.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text of a file, by its path from the root.
    package static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The fenced blocks of a Markdown text, in order: each one's info string (`swift`, `console`, or empty) and body.
    package static func fences(in text: String) -> [(info: String, body: String)] {
        let parts = text.components(separatedBy: "```")
        return stride(from: 1, to: parts.count, by: 2).map { index in
            let lines = parts[index].split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
        }
    }

    /// The lines of a `$ `-prompted block: what a reader types, without its `  #` comment, each with its comment and
    /// the sample output printed under it.
    package static func commandLines(in block: String) -> [(command: String, comment: String, sample: [String])] {
        var lines: [(command: String, comment: String, sample: [String])] = []
        for text in block.split(separator: "\n").map(String.init) {
            if text.hasPrefix("$ ") {
                // A comment starts after two spaces or more; nothing in a command holds "  #".
                let parts = text.dropFirst(2).components(separatedBy: "  #")
                lines.append((parts[0].trimmingCharacters(in: .whitespaces), parts.dropFirst().joined(), []))
            } else if !lines.isEmpty {
                lines[lines.count - 1].sample.append(text)
            }
        }
        return lines
    }
}
