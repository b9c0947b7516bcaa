import Foundation
import Testing

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

extension ProjectFile {
    /// Runs a document's command lines as written, each with `bash -c` in `environment`, and checks what the document
    /// says of each: a line whose comment says "refused" fails with one line on standard error, any other succeeds,
    /// and sample output under a line is what it prints.
    ///
    /// - Parameters:
    ///   - lines: The lines (``commandLines(in:)``).
    ///   - environment: The variables of every line, `PATH` among them.
    ///   - special: Runs a line itself (one that needs a terminal) and returns `true`, or returns `false` to leave it
    ///     to `bash`.
    /// - Throws: When `bash` cannot be started, or what `special` throws.
    package static func run(
        _ lines: [(command: String, comment: String, sample: [String])], environment: [String: String],
        special: ((command: String, comment: String, sample: [String])) throws -> Bool = { _ in false }
    ) throws {
        for line in lines {
            if try special(line) { continue }
            let run = try ChildProcess.run("/bin/bash", ["-c", line.command], environment: environment)
            if line.comment.contains("refused") {
                #expect(run.status != 0, "\(line.command)")
                #expect(run.standardError.split(separator: "\n").count == 1, "\(line.command): \(run.standardError)")
            } else {
                #expect(run.status == 0, "\(line.command): \(run.standardError)")
            }
            if !line.sample.isEmpty {
                #expect(run.standardOutput.split(separator: "\n").map(String.init) == line.sample, "\(line.command)")
            }
        }
    }
}
