import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Synchronization
import Testing

/// System layers and lock files in the editor: the state column and details say where a value comes from, a locked
/// key refuses every change with its lock file, and both follow the files live.
@Suite(.threadOfItsOwn) struct EditorSystemLayerTests {
    /// Changes the fixture's store reports from its watch, as the running editor's observer receives them.
    private final class Received: Sendable {
        let changes = Mutex<[PersistentKeyValueChange]>([])

        func take() -> [PersistentKeyValueChange] {
            changes.withLock { taken in
                defer { taken = [] }
                return taken
            }
        }

        func contains(_ predicate: (PersistentKeyValueChange) -> Bool) -> Bool {
            changes.withLock { $0.contains(where: predicate) }
        }
    }

    /// The screen row that shows a key.
    private func row(_ key: String, _ fixture: EditorFixture) -> String {
        fixture.screen.split(separator: "\n").first { $0.contains(" \(key) ") }.map(String.init) ?? ""
    }

    /// Moves the selection to a key of the open suite.
    private func select(_ key: String, _ fixture: EditorFixture) throws {
        let index = try #require(fixture.editor.model.rows.keyRows.firstIndex { $0.key == key })
        fixture.type(.character("g"))
        for _ in 0..<index { fixture.type(.character("j")) }
        #expect(fixture.editor.model.selectedKey?.key == key)
    }

    @Test func systemAndLockedKeysAreMarkedShownRefusedAndFollowTheFilesLive() throws {
        let fixture = try EditorFixture(width: 130, height: 16, suite: "com.example.app")
        let received = Received()
        let observation = fixture.store.addObserver(
            { batch in received.changes.withLock { $0 += batch } }, onProblem: { _ in })
        defer { observation.cancel() }
        let userFile = fixture.store.directory.appendingPathComponent("com.example.app.plist")
        let locks = fixture.systemDirectory.appendingPathComponent("com.example.app.locks")
        try Data("# the site's policy\nshowsTips\n".utf8).write(to: locks)
        let layer: [String: Any] = ["showsTips": false, "fontScale": 2.0, "motd": "maintenance at six"]
        try PropertyListSerialization.data(fromPropertyList: layer, format: .xml, options: 0)
            .write(to: fixture.systemDirectory.appendingPathComponent("com.example.app.plist"))
        #expect(
            eventually {
                received.contains { $0.key == "motd" && $0.systemLayer != nil }
                    && received.contains { $0.key == "showsTips" && $0.newValue == .bool(false) }
            }, "the watch reports the layer's keys")
        fixture.editor.receive(received.take())
        fixture.type()

        #expect(row("showsTips", fixture).contains("🔒 locked"), "\(fixture.screen)")
        #expect(row("motd", fixture).contains("system"), "a key only the layer sets is listed")
        #expect(row("motd", fixture).contains("maintenance at six"))
        #expect(!row("fontScale", fixture).contains("system"), "the user's value wins over the layer's")

        // Every way of changing the locked key is refused with its lock file, and the user's file is untouched.
        let before = try Data(contentsOf: userFile)
        try select("showsTips", fixture)
        let refusal = "showsTips cannot be changed: locked by \(locks.path)"
        for key: InputEvent in [.key(.enter), .character(" "), .character("r"), .character("d"), .character("+")] {
            fixture.type(key)
            #expect(fixture.editor.model.messages.current == refusal, "\(key)")
            #expect(fixture.editor.model.modal.editing == nil && fixture.editor.model.modal.picker == nil)
        }
        #expect(try Data(contentsOf: userFile) == before)

        // Another program writes the user's value under the lock: it is stored, not in force.
        try fixture.writeAsForeignProgram(
            "com.example.app", ["theme": "dark", "fontScale": 7, "extra": 1, "showsTips": true])
        let suite = try fixture.store.suite("com.example.app")
        #expect(eventually { suite.primitiveValue(forKey: "showsTips") == .bool(true) })
        // Its change told, before the next is waited for: a late one would stand for the lock's going below.
        #expect(
            eventually {
                received.contains { $0.key == "showsTips" && $0.newValue == .bool(true) && $0.systemLayer == nil }
            })
        fixture.editor.receive(received.take())
        fixture.type(.key(.right))
        let details = fixture.screen
        let lines = details.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("Stored ") && $0.hasSuffix(" true") }, "\(details)")
        #expect(lines.contains { $0.hasPrefix("In force ") && $0.hasSuffix(" false") }, "\(details)")
        #expect(details.contains("locked by <home>/system/com.example.app.locks"), "\(details)")
        fixture.type(.key(.left))

        // The lock file goes: the user's value is in force, and the key can be changed again.
        try FileManager.default.removeItem(at: locks)
        #expect(
            eventually {
                received.contains {
                    $0.key == "showsTips" && $0.newValue == .bool(true) && $0.systemLayer?.hasSuffix(".locks") == true
                }
            }, "the lock's going is told as the lock file's change")
        fixture.editor.receive(received.take())
        fixture.type()
        #expect(!row("showsTips", fixture).contains("locked"), "\(fixture.screen)")
        try select("showsTips", fixture)
        fixture.type(.character(" "))
        #expect(suite.primitiveValue(forKey: "showsTips") == .bool(false))
        #expect(fixture.editor.model.messages.current != refusal)
    }

    @Test func anASCIITerminalSaysLockedInWords() throws {
        let fixture = try EditorFixture(width: 110, height: 14, suite: "com.example.app", unicode: false)
        let locks = fixture.systemDirectory.appendingPathComponent("com.example.app.locks")
        try Data("theme\n".utf8).write(to: locks)
        let suite = try fixture.store.suite("com.example.app")
        #expect(eventually { suite.systemLayers.locks.lock(forKey: "theme") == locks.path })
        fixture.type(.control("l"))
        #expect(row("theme", fixture).contains("locked"), "\(fixture.screen)")
        #expect(!fixture.screen.contains("🔒"))
    }
}
