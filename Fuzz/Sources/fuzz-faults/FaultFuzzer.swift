import Foundation
@_spi(Fuzzing) import PrefsFileStore
import PrefsKit

/// One input: a sequence of operations on one suite, two bytes each, mixing real writes with what a killed writer, a
/// hand edit or a plain UserDefaults program leaves on disk, and reads that must never change anything.
///
/// After every read a check holds, or the process traps so that libFuzzer keeps the input:
/// - the suite file, the version kept as `.previous`, and the set of files moved aside are as they were;
/// - a suite file that decodes reads as exactly what it holds; one that is empty or does not decode is reported as
///   a problem and reads as nothing, never as a staged version or a previous one;
/// - the history holds no value of a write killed before its swap.
func fuzzFaults(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count >= 2 else { return 0 }
    let input = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let workspace = FaultWorkspace.shared
    workspace.reset()
    var never: Set<Int> = []
    for index in stride(from: 0, to: input.count - 1, by: 2) {
        let argument = Int(input[index + 1])
        switch input[index] % 6 {
        case 0: workspace.write(key: argument % 8, value: argument)
        case 1: never.insert(workspace.killBeforeSwap(key: argument % 8, cut: argument))
        case 2: workspace.killAfterSwap(key: argument % 8, value: 500 + argument)
        case 3: workspace.damage(cut: argument)
        case 4: workspace.rewriteInPlace(key: argument % 8, value: 700 + argument)
        default: workspace.readAndCheck(never: never)
        }
    }
    workspace.readAndCheck(never: never)
    return 0
}

/// A configuration directory and journal of the fuzzer's own, emptied before each input.
final class FaultWorkspace: @unchecked Sendable {
    static let shared = FaultWorkspace()

    let root: URL
    let configuration: URL
    let journal: URL
    var plist: URL { configuration.appendingPathComponent("s.plist") }
    var staging: URL { configuration.appendingPathComponent(".s.plist.new") }
    var previous: URL { configuration.appendingPathComponent(".s.plist.previous") }
    var journalFile: URL { journal.appendingPathComponent("s.jsonl") }
    private var killed = 1_000_000

    private init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-fuzz-faults-\(getpid())")
        configuration = root.appendingPathComponent("config")
        journal = root.appendingPathComponent("journal")
    }

    func reset() {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
    }

    /// A store as a new process opens it.
    private func store() -> FileStore? {
        try? FileStore.withoutSettling(directory: configuration, journalDirectory: journal)
    }

    /// A real write by a PrefsKit writer; refused when the suite is damaged, which is fine.
    func write(key: Int, value: Int) {
        _ = try? store()?.suite("s").commit(["k\(key)": .int(value)])
    }

    /// What a writer killed before its swap leaves: the next version, whole or cut short, under the staging name,
    /// and its records staged in the journal without a commit line.
    ///
    /// - Returns: The value that write would have stored, which no read or history may ever show.
    func killBeforeSwap(key: Int, cut: Int) -> Int {
        killed += 1
        var values = (contents(of: plist).flatMap { try? PropertyListDocument.decode($0) }) ?? [:]
        values["k\(key)"] = .int(killed)
        let next = PropertyListDocument.xml(values)
        try? next.prefix(max(1, next.count * cut / 255)).write(to: staging)
        let record =
            #"{"key":"k\#(key)","new":{"int":\#(killed)},"pid":1,"process":"killed","staged":true,"#
            + #""suite":"s","time":"2026-11-24T00:00:00Z","write":"killed\#(killed)"}"# + "\n"
        append(record, to: journalFile)
        return killed
    }

    /// What a writer killed between its swap and its commit line leaves: a real write whose commit line is gone.
    func killAfterSwap(key: Int, value: Int) {
        guard (try? store()?.suite("s").commit(["k\(key)": .int(value)])) != nil,
            let text = contents(of: journalFile).map({ String(decoding: $0, as: UTF8.self) })
        else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.last?.hasPrefix(#"{"committed":"#) == true else { return }
        lines.removeLast()
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journalFile)
    }

    /// A hand edit gone wrong: the suite file cut short (to nothing at 0), or garbage at the end.
    func damage(cut: Int) {
        guard let bytes = contents(of: plist) else { return }
        let damaged = cut < 128 ? bytes.prefix(bytes.count * cut / 128) : bytes + Data("<typo".utf8)
        rewrite(damaged)
    }

    /// A plain UserDefaults program rewriting the file in place, with one key changed.
    func rewriteInPlace(key: Int, value: Int) {
        guard let bytes = contents(of: plist), var values = try? PropertyListDocument.decode(bytes) else {
            return
        }
        values["k\(key)"] = .int(value)
        rewrite(PropertyListDocument.xml(values))
    }

    /// Truncates and writes, keeping the inode, as Foundation on Linux does.
    private func rewrite(_ data: Data) {
        guard let handle = try? FileHandle(forUpdating: plist) else { return }
        try? handle.truncate(atOffset: 0)
        try? handle.write(contentsOf: data)
        try? handle.close()
    }

    private func append(_ text: String, to file: URL) {
        if !FileManager.default.fileExists(atPath: file.path) {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        guard let handle = try? FileHandle(forWritingTo: file) else { return }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(text.utf8))
        try? handle.close()
    }

    /// A file's bytes, or `nil` when there is none: `Data(contentsOf:)` leaks its buffer when the file is missing
    /// (swift-foundation), which LeakSanitizer reports.
    private func contents(of file: URL) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return nil }
        defer { try? handle.close() }
        return try? handle.readToEnd() ?? Data()
    }

    private func movedAside() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: configuration.path)) ?? []).filter {
            $0.contains(".corrupt-")
        }.sorted()
    }

    /// Reads the suite as a new process would, and checks that nothing changed and that what was read is the file.
    func readAndCheck(never: Set<Int>) {
        let file = contents(of: plist)
        let kept = contents(of: previous)
        let aside = movedAside()
        guard let suite = try? store()?.suite("s") else { return }
        let values = suite.primitiveValues()
        let history = suite.history(key: nil, limit: nil)
        guard (contents(of: plist)) == file else { fatalError("a read changed the suite file") }
        guard (contents(of: previous)) == kept else { fatalError("a read changed the previous version") }
        guard movedAside() == aside else { fatalError("a read moved a file aside") }
        if let file {
            if !file.isEmpty, let decoded = try? PropertyListDocument.decode(file) {
                guard suite.problem == nil, values == decoded else {
                    fatalError("a readable suite read as something else: \(values) for \(decoded)")
                }
            } else {
                guard suite.problem != nil, values.isEmpty else {
                    fatalError("an empty or broken suite read as \(values) with no problem reported")
                }
            }
        }
        for value in values.values {
            if case .int(let number) = value, never.contains(number) {
                fatalError("a read returned the value \(number) of a write killed before its swap")
            }
        }
        for change in history {
            if case .int(let number)? = change.newValue, never.contains(number) {
                fatalError("the history holds the value \(number) of a write killed before its swap")
            }
        }
    }
}
