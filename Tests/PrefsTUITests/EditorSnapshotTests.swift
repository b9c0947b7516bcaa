import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// Screens drawn through the headless backend, compared with the references in `Snapshots/`.
@Suite(.threadOfItsOwn) struct EditorSnapshotTests {
    @Test func browsingSuitesKeysAndDetails() throws {
        let fixture = try EditorFixture(width: 80)
        fixture.type()
        try expectSnapshot(fixture.screen, named: "suites")
        fixture.type(.key(.enter))
        try expectSnapshot(fixture.screen, named: "keys")
        fixture.type(.key(.right))
        try expectSnapshot(fixture.screen, named: "details")
        fixture.type(.key(.escape), .key(.escape))
        #expect(fixture.editor.model.screen == .suites)
    }

    @Test(arguments: [120, 200])
    func wideTerminalsShowTheSelectedKeysDetailsBesideTheKeys(width: Int) throws {
        let fixture = try EditorFixture(width: width, height: 16, suite: "com.example.app")
        fixture.type()
        try expectSnapshot(fixture.screen, named: "keys-\(width)")
        // The details follow the selection.
        fixture.type(.character("j"))
        #expect(fixture.screen.contains("Type          double"))
        #expect(fixture.screen.contains("Range         0.5...3.0"))
        #expect(fixture.screen.contains(#"Problem       stored value "7" cannot be read: 7 is out"#))
        #expect(fixture.editor.model.screen == .keys(suite: "com.example.app"))
    }

    @Test func longValuesWrapInTheDetailsPane() throws {
        let fixture = try EditorFixture(width: 120, height: 20, suite: "notes")
        let long = String(repeating: "word ", count: 40) + "end"
        try fixture.store.suite("notes").setPrimitiveValues(["long": .string(long)])
        fixture.type(.control("l"))
        for _ in 0..<fixture.editor.model.rowCount where fixture.editor.model.selectedKey?.key != "long" {
            fixture.type(.character("j"))
        }
        #expect(fixture.editor.model.selectedKey?.key == "long")
        // The value wraps at spaces over several lines of the pane, and read back in order it is the whole value.
        let lines = fixture.screen.split(separator: "\n").map(String.init)
        let stored = try #require(lines.firstIndex { $0.contains("Stored") })
        let last = try #require(lines.firstIndex { $0.hasSuffix(" end") })
        #expect(last - stored >= 4)
        let column = try #require(lines[stored].range(of: "word")).lowerBound
        let offset = lines[stored].distance(from: lines[stored].startIndex, to: column)
        let pieces = lines[stored...last].map { String($0.dropFirst(offset)) }
        #expect(pieces.joined(separator: " ") == long)
        for line in lines { #expect(DisplayWidth.of(String(line)) <= 120) }
    }

    @Test func controlCharactersAreShownEscapedAndWideCharactersTakeTwoColumns() throws {
        let fixture = try EditorFixture(suite: "notes")
        let grid = fixture.type()
        try expectSnapshot(fixture.screen, named: "escaped-values")
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                #expect(
                    !grid[x, y].text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
        }
    }

    @Test func aNarrowTerminalDropsTheTypeColumn() throws {
        let fixture = try EditorFixture(width: 44, suite: "com.example.app")
        fixture.type()
        try expectSnapshot(fixture.screen, named: "keys-narrow")
        fixture.backend.resize(width: 90, height: 12)
        fixture.type(.resize(width: 90, height: 12))
        #expect(fixture.screen.contains("string"), "the type column comes back when the terminal widens")
    }

    @Test func withoutUnicodeOnlyASCIIIsDrawn() throws {
        let fixture = try EditorFixture(suite: "notes", unicode: false)
        fixture.type()
        #expect(fixture.screen.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(fixture.screen.contains("suites > notes"))
        // A value cut to fit ends in ~, not in the ? of an unknown character.
        try fixture.store.suite("notes").setPrimitiveValues(["long": .string(String(repeating: "x", count: 200))])
        fixture.type(.control("l"))
        #expect(fixture.screen.contains("xxx~"))
        #expect(!fixture.screen.contains("xxx?"))
    }
}

/// The help and the change-log pane.
@Suite(.threadOfItsOwn) struct EditorPaneSnapshotTests {
    @Test func questionMarkShowsEveryKey() throws {
        let fixture = try EditorFixture(height: 16)
        fixture.type(.character("?"))
        try expectSnapshot(fixture.screen, named: "help")
        fixture.type(.character("?"))
        #expect(fixture.editor.model.screen == .suites)
    }

    @Test func helpListsEveryColonCommandAfterTheKeys() throws {
        let fixture = try EditorFixture(height: 16)
        fixture.editor.step([.character(":")] + type("help") + [.key(.enter)])
        fixture.type(.key(.end))
        #expect(fixture.screen.contains(":undo"), "\(fixture.screen)")
        #expect(fixture.screen.contains(":rename NEW") || fixture.screen.contains(":reset-all"))
        var seen = Set<String>()
        fixture.type(.key(.home))
        for _ in 0..<fixture.editor.model.rowCount {
            for line in fixture.screen.split(separator: "\n") where line.contains("  :") {
                if let name = line.split(separator: " ").first(where: { $0.hasPrefix(":") }) {
                    seen.insert(String(name))
                }
            }
            fixture.type(.character("j"))
        }
        #expect(seen.isSuperset(of: ["add", "export", "rename", "undo", "redo", "help"].map { ":" + $0 }), "\(seen)")
    }

    @Test func theChangeLogListsOtherProcessesChangesNewestFirstWithTheirWriter() throws {
        let fixture = try EditorFixture()
        let time = try #require(ISO8601DateFormatter().date(from: "2026-11-22T10:00:00Z"))
        let writer = PersistentKeyValueChange.Writer(pid: 4242, processName: "daemon", time: time)
        fixture.editor.receive([
            PersistentKeyValueChange(
                suite: "notes", key: "greeting", oldValue: nil, newValue: .string("x\u{1B}y"), origin: .otherProcess,
                writer: writer),
            PersistentKeyValueChange(
                suite: "com.example.app", key: "theme", oldValue: .string("dark"), newValue: .string("black"),
                origin: .otherProcess, writer: nil),
            PersistentKeyValueChange(
                suite: "notes", key: "own", oldValue: nil, newValue: .int(1), origin: .thisProcess, writer: writer),
        ])
        fixture.type(.character("w"))
        try expectSnapshot(fixture.screen, named: "change-log")
        #expect(!fixture.screen.contains("notes own"), "this process's own writes are not listed")
    }
}
