import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

@testable import PrefsTUI

/// A suite's keys as a tree: KConfig's groups, Xfconf's paths and dotted names open level by level once a suite holds
/// more than a screenful; a search or a bookmark opens the folders that list its key.
@Suite struct KeyTreeTests {
    @Test func aScreenfulIsListedWholeAndMoreOpensAtGroupsWithCounts() {
        let few = ["General/a", "General/b", "KDE/c"]
        #expect(KeyTree.level(few, under: "", isStored: { _ in true }).positions == nil)
        let keys = (["General", "KDE", "Icons"].flatMap { group in (0..<10).map { "\(group)/Key\($0)" } }) + ["top"]
        let top = KeyTree.level(keys, under: "") { $0.hasSuffix("1") }
        // The one key outside every group is listed; the groups come after it, each with its keys counted.
        #expect(top.positions == [30])
        #expect(
            top.folders == [
                KeyFolder(prefix: "General/", shown: "General/", keys: 10, stored: 1),
                KeyFolder(prefix: "KDE/", shown: "KDE/", keys: 10, stored: 1),
                KeyFolder(prefix: "Icons/", shown: "Icons/", keys: 10, stored: 1),
            ])
        let general = KeyTree.level(keys, under: "General/") { _ in false }
        #expect(general.positions == Array(0..<10) && general.folders.isEmpty)
        #expect(KeyTree.folders(leadingTo: "KDE/Key3", in: keys) == ["KDE/"])
    }

    @Test func theEditorOpensAGroupShowsItInTheBreadcrumbAndComesBackToIt() throws {
        let prefs = try InProcessPrefs()
        try FileManager.default.createDirectory(at: prefs.configDirectory, withIntermediateDirectories: true)
        let groups = ["Colors", "General", "Icons", "KDE", "WM"]
        let text = groups.map { group in "[\(group)]\n" + (0..<6).map { "Key\($0)=\(group)\($0)\n" }.joined() }
        try Data(text.joined(separator: "\n").utf8).write(to: prefs.configDirectory.appendingPathComponent("bigrc"))
        let editor = prefs.editor("--store", "kconfig", "tui", "bigrc", width: 140)
        #expect(editor.waitFor { $0.contains("General/") && $0.contains("6 keys, 6 set") && !$0.contains("Key3") })
        editor.type(.character("j"), .key(.enter))
        #expect(editor.waitFor { $0.contains("suites › bigrc › General") && $0.contains("General3") })
        editor.type(.key(.escape))
        #expect(editor.waitFor { $0.split(separator: "\n").first?.hasSuffix("bigrc") == true }, "\(editor.screen)")
        // The selection came back to the group left: enter opens it again.
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("suites › bigrc › General") })
        // A filter searches the whole suite, from any folder, and lists the keys it finds whole.
        editor.type(.character("/"))
        editor.type("WM4")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("WM/Key4") && $0.contains("1/1") }, "\(editor.screen)")
        editor.type(.character("o"), .control("u"))
        editor.type("bigrc Icons/Key2")
        editor.type(.key(.enter))
        #expect(
            editor.waitFor { screen in
                screen.contains("suites › bigrc › Icons")
                    && screen.split(separator: "\n").contains { $0.contains("Key") && $0.contains("Icons/Key2") }
            }, "\(editor.screen)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}

/// `R` resets what the list shows: the marked keys, else those a filter or a folder lists, else every key.
@Suite struct ResetInViewTests {
    @Test func aFilteredListResetsOnlyTheKeysItShows() throws {
        let prefs = try InProcessPrefs()
        for (key, value) in [("editor.font", "mono"), ("editor.size", "12"), ("window.width", "800")] {
            try prefs.run("write", "app", key, value)
        }
        let editor = prefs.editor("tui", "app", width: 140)
        #expect(editor.waitFor { $0.contains("window.width") })
        editor.type("/editor")
        editor.type(.key(.enter), .character("R"))
        #expect(editor.waitFor { $0.contains("Delete the 2 stored keys listed of \"app\"? (y/n)") }, "\(editor.screen)")
        editor.type("y")
        #expect(eventually { (try? prefs.run("read", "app").output) == "window.width = 800\n" })
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}

/// A key's type, said once in the store's own words.
@Suite struct KeyTypeWordsTests {
    @Test func aStoreNamedEnumSaysItsNameOnce() throws {
        let manifest = """
            {"format": "prefs-schema", "version": 1, "suite": "s", "keys": [
              {"id": "clock", "type": "GVariant s", "kind": "enum", "storage": "string", "optional": false,
               "debug": false, "default": "24h", "choices": ["12h", "24h"]},
              {"id": "theme", "type": "Theme", "kind": "enum", "storage": "string", "optional": false, "debug": false,
               "default": "light", "choices": ["light", "dark"]}
            ]}
            """
        let schema = try PreferenceSchema(manifest: Data(manifest.utf8))
        let row = { (key: String) in
            KeyRow(key: key, stored: nil, entry: schema[key], suiteHasSchema: true, layers: .none)
        }
        #expect(row("clock").typeDescription(native: "GVariant s") == "enum, stored as string (GVariant s)")
        #expect(row("theme").typeDescription(native: nil) == "enum Theme, stored as string")
        #expect(row("theme").typeDescription(native: "GVariant s") == "enum Theme, stored as string (GVariant s)")
    }
}
