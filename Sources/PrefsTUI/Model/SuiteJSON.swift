import PrefsCore
import PrefsTools

/// A suite whole, as JSON (`J`): the document `prefs export --format json` writes, secrets left out and named, read
/// when the screen opens.
struct SuiteJSON {
    /// The document's lines, then a note of what it leaves out.
    var lines: [String] = []

    /// The suite's JSON, or why it cannot be read, as lines to scroll.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - tools: The application layer, whose export this is.
    /// - Returns: The screen's content.
    static func of(_ suite: String, tools: ToolContext) -> SuiteJSON {
        do {
            let export = try SuiteTransfer.exportQuietly(suite, as: .json, in: tools)
            var lines = String(decoding: export.document, as: UTF8.self).split(separator: "\n").map(String.init)
            if !export.leftOut.isEmpty {
                let names = export.leftOut.map { TextEscaping.escaped($0) }.joined(separator: ", ")
                lines += ["", "left out, secret: \(names)"]
            }
            return SuiteJSON(lines: lines)
        } catch {
            return SuiteJSON(lines: ["\(error)"])
        }
    }
}
