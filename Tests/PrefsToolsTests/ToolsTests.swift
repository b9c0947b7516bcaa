import Foundation
import PrefsFileStore
import PrefsKit
import PrefsStores
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Testing

@testable import PrefsCommandLine

/// The command line's logic, run in-process on a real file store: what each `prefs` command does, without a child
/// process.
@Suite(.threadOfItsOwn) struct ToolsTests {
    /// A context over a fresh configuration directory, its schemas in the same scope.
    private static func context(_ scope: TemporaryDirectory) -> ToolContext {
        StoreResolver.context(
            configDirectory: scope.url.appendingPathComponent("config"),
            environment: [
                "XDG_DATA_HOME": scope.url.appendingPathComponent("data").path,
                "XDG_STATE_HOME": scope.url.appendingPathComponent("state").path,
            ])
    }

    @Test func undoTakesBackEveryKeyOfTheLastWriteAndRedoTakesBackTheUndo() throws {
        let scope = try TemporaryDirectory(prefix: "prefs-tools")
        let context = Self.context(scope)
        try WriteRequest(suite: "app", key: "a", value: "1").perform(in: context)
        let document = Data(#"{"b": 2, "c": "three"}"#.utf8)
        try SuiteTransfer.importDocument(document, named: "doc", into: "app", replace: false, force: false, in: context)
        let suite = try context.existingSuite("app")
        let steps = try UndoHistory(of: suite, name: "app").undoSteps(1)
        let undo = try #require(steps.first?.undo)
        #expect(undo.after == ["b": .int(2), "c": .string("three")])
        #expect(undo.lines(schema: nil) == ["b: 2 -> (unset)", "c: three -> (unset)"])
        try UndoHistory.perform(steps, on: suite)
        #expect(suite.primitiveValues() == ["a": .string("1")])
        // The undo names the write it reverts: the history now holds one write to undo and one to redo.
        let history = try UndoHistory(of: suite, name: "app")
        #expect(history.undoable.count == 1)
        #expect(history.redoable.count == 1)
        try UndoHistory.perform(try history.redoSteps(1), on: suite)
        #expect(suite.primitiveValues().count == 3)

        // Another writer's change since stops the undo, naming the key, and nothing is written.
        let stale = try UndoHistory(of: suite, name: "app").undoSteps(1)
        try suite.setPrimitiveValues(["c": .string("changed")])
        #expect(stale.first?.undo.changedSince(in: suite) == ["c"])
        #expect(throws: ToolError.self) { try UndoHistory.perform(stale, on: suite) }
        #expect(suite.primitiveValue(forKey: "b") == .int(2))
    }

    @Test func diffAndSearchReadTheStoreAndTheSchema() throws {
        let scope = try TemporaryDirectory(prefix: "prefs-tools")
        let context = Self.context(scope)
        let manifest = Data(
            (#"{"format": "prefs-schema", "version": 1, "suite": "app", "keys": [{"id": "size", "type": "Int", "#
                + #""kind": "int", "storage": "int", "optional": false, "debug": false, "default": 1, "#
                + #""summary": "Font size in points"}]}"#).utf8)
        try context.schemas().installSchema(manifest, suite: nil)
        try WriteRequest(suite: "app", key: "size", value: "12").perform(in: context)
        try WriteRequest(suite: "app", key: "extra", value: "x", force: true).perform(in: context)
        let stored = try context.existingSuite("app").primitiveValues()
        let diff = SuiteDiff(stored, schema: try #require(try context.schema(for: "app")))
        #expect(diff.lines == ["+ extra = x  (not in the schema)", "~ size = 12  (default: 1)"])
        let (matches, problems) = try PreferenceSearch("points").run(in: context)
        #expect(matches.map(PreferenceSearch.line) == ["app size = 12  # Font size in points"])
        #expect(problems.isEmpty)
        // The schema types the write: text that is not an integer is refused, and a key it lacks needs force.
        #expect(throws: PreferenceSchemaError.self) {
            try WriteRequest(suite: "app", key: "size", value: "big").perform(in: context)
        }
        #expect(throws: ToolError.self) {
            try WriteRequest(suite: "app", key: "other", value: "v").perform(in: context)
        }
        #expect(try context.existingSuite("app").primitiveValue(forKey: "size") == .int(12))
    }

    @Test func readingNeverCreatesTheDirectoryAndAMissingSuiteIsAnError() throws {
        let scope = try TemporaryDirectory(prefix: "prefs-tools")
        let context = Self.context(scope)
        #expect(try context.store(creating: false) == nil)
        #expect(throws: ToolError.self) { try context.existingSuite("nothing") }
        #expect(!FileManager.default.fileExists(atPath: scope.url.appendingPathComponent("config").path))
    }

    @Test(arguments: [
        ["write", "s", "k", "v"],
        ["write", "--config-dir", "/tmp/d", "s", "k", "v"],
        ["write", "--store", "postgres://u@h/db", "s", "k", "v"],
        ["write", "-t", "int", "s", "k", "7"],
        ["write", "s", "--type", "json", "k", "[1]"],
        ["write", "--force", "s", "k", "v", "--json"],
        ["write", "--", "s", "k", "-v"],
        ["write", "s", "n", "-7", "--type", "int"],
        ["write", "-t", "float", "s", "n", "-.5"],
    ])
    func theFastWritePathReadsEveryFormAsArgumentParserDoes(arguments: [String]) throws {
        let fast = try #require(WriteCommandLine(arguments: arguments))
        // As `prefs` hands them to argument-parser: negative numbers after the options and a `--`.
        let parsed = try Prefs.parseAsRoot(CommandLineWords.prepared(arguments))
        let write = try #require(parsed as? Write)
        #expect(fast == write.request)
    }

    @Test(arguments: [
        ["read", "s", "k"], ["read", "s"], ["read", "--config-dir", "/tmp/d", "s", "k"],
        ["read", "--store", "postgres://u@h/db", "s", "k", "--json"], ["read", "--reveal", "s", "k"],
        ["read", "s", "--json", "k"], ["read", "--", "s", "-k"],
    ])
    func theFastReadPathReadsEveryFormAsArgumentParserDoes(arguments: [String]) throws {
        let fast = try #require(ReadCommandLine(arguments: arguments))
        let parsed = try Prefs.parseAsRoot(CommandLineWords.prepared(arguments))
        let read = try #require(parsed as? Read)
        #expect(fast.request == read.request && fast.reveal == read.reveal)
        #expect(fast.configDir == read.options.configDir && fast.store == read.options.store)
    }

    @Test(arguments: [
        ["read"], ["read", "s", "k", "extra"], ["read", "--sources", "s", "k"], ["read", "s", "k", "--path", "/a"],
        ["read", "--all", "s"], ["read", "--types", "s", "k"], ["read", "--help"], ["read", "--store"],
    ])
    func everyOtherReadGoesThroughArgumentParser(arguments: [String]) {
        #expect(ReadCommandLine(arguments: arguments) == nil)
    }
}
