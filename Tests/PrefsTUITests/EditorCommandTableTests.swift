import Foundation
import PrefsCore
import PrefsTestHelpers
import Testing

@testable import PrefsTUI

/// One table of commands: every command's key and name reach the same action, the help lists each, and a read-only
/// editor refuses each that changes something, whichever way it is asked for.
@Suite(.threadOfItsOwn) struct EditorCommandTableTests {
    @Test func everyCommandHasANameAndALineOfHelpAndTheHelpListsIt() {
        let names = EditorCommand.all.map(\.name)
        #expect(Set(names).count == names.count, "names are unique")
        let help = HelpIndex().rows
        for command in EditorCommand.all {
            #expect(!command.summary.isEmpty, "\(command.name)")
            #expect(help.contains { $0.keys.hasPrefix(":" + command.name) }, "\(command.name) by name")
            if !command.keys.isEmpty {
                #expect(help.contains { $0.keys == command.keyLabel }, "\(command.name)'s keys")
            }
        }
        // No key runs two commands in the same place: the first would hide the second. A key that moves is the one
        // exception, listed last so that a command taking the key where it applies comes first (enter edits a value).
        for command in EditorCommand.all where command.group != .moving {
            for key in command.keys {
                let others = EditorCommand.all.filter {
                    $0.name != command.name && $0.group != .moving && $0.keys.contains(key)
                }
                #expect(others.isEmpty, "\(key) runs \(command.name) and \(others.map(\.name))")
            }
        }
    }

    @Test(arguments: EditorCommand.all.filter { $0.change != .nothing }.map(\.name))
    func aReadOnlyEditorRefusesACommandThatChangesByKeyAndByName(name: String) throws {
        let command = try #require(EditorCommand.named(name))
        let fixture = try EditorFixture(suite: "com.example.app", readOnly: true)
        let before = try Data(contentsOf: fixture.store.directory.appendingPathComponent("com.example.app.plist"))
        fixture.editor.step([.character(":")] + type(name) + [.key(.enter)])
        #expect(fixture.editor.model.messages.current == "read-only: nothing can be changed (started with --read-only)")
        if let key = command.keys.first, command.applies(fixture.editor.model) {
            fixture.type(key)
            #expect(
                fixture.editor.model.messages.current == "read-only: nothing can be changed (started with --read-only)")
        }
        #expect(fixture.editor.model.modal.editing == nil && fixture.editor.model.modal.picker == nil)
        #expect(try Data(contentsOf: fixture.store.directory.appendingPathComponent("com.example.app.plist")) == before)
    }

    @Test func theHelpListsWhatWorksWhereItWasOpenedFirstAndFindsWhatIsTyped() throws {
        let fixture = try EditorFixture(height: 40, suite: "com.example.app")
        let model = fixture.editor.model
        fixture.type(.character("?"))
        let rows = model.pages.help.rows
        #expect(rows.first == HelpIndex.Row(keys: "Here, on a suite's keys", action: ""))
        // The first rows are the commands that work on a key; the suites' `n` is not among them.
        let here = rows.dropFirst().prefix { !$0.isHeading }
        #expect(here.contains { $0.keys == "space" } && !here.contains { $0.keys == "n" })
        #expect(EditorCommand.Group.allCases.allSatisfy { group in rows.contains { $0.keys == group.rawValue } })
        // `/` narrows it to what holds the words typed, headings over what is left.
        fixture.type(.character("/"))
        fixture.editor.step(type("undo"))
        let found = model.pages.help.rows
        #expect(found.contains { $0.keys == "u" } && found.contains { $0.keys == ":undo" })
        #expect(!found.contains { $0.keys == "space" })
        #expect(found.filter(\.isHeading).allSatisfy { heading in found.contains { !$0.isHeading } })
        #expect(fixture.type(.key(.enter)).text.contains("/undo"))
        // Esc goes back to where it was opened.
        fixture.type(.key(.escape))
        #expect(model.screen == .keys(suite: "com.example.app"))
    }

    @Test func aKeyAndItsNameDoTheSame() throws {
        for name in ["changes", "help", "bookmarks", "pending", "messages"] {
            let command = try #require(EditorCommand.named(name))
            let byKey = try EditorFixture(suite: "com.example.app")
            byKey.type(try #require(command.keys.first))
            let byName = try EditorFixture(suite: "com.example.app")
            byName.editor.step([.character(":")] + type(name) + [.key(.enter)])
            #expect(byKey.editor.model.screen == byName.editor.model.screen, "\(name)")
            #expect(byKey.editor.model.screen != .keys(suite: "com.example.app"), "\(name) opened its screen")
        }
    }
}

/// Nothing starts in `init`: a model reads its store in `start()`, which the editor's loop calls.
@Suite(.threadOfItsOwn) struct EditorStartTests {
    @Test func initReadsNothingAndStartReadsTheStore() throws {
        let fixture = try EditorFixture()
        let model = EditorModel(
            data: EditorData(store: fixture.store, schemas: fixture.catalog, tools: fixture.tools),
            suite: "notes")
        #expect(model.rows.suiteRows.isEmpty && model.rows.keyRows.isEmpty && model.modal.confirmation == nil)
        model.start()
        #expect(model.rows.suiteRows.map(\.name) == ["com.example.app", "notes"])
        #expect(model.rows.keyRows.row(for: "greeting") != nil)
        #expect(model.navigation.selection[.suites] == 1, "the suite opened at is selected behind it")
    }
}

/// The model is made of parts that own their state: it holds at most twelve of them.
@Suite(.threadOfItsOwn) struct EditorModelShapeTests {
    @Test func theModelHoldsAtMostTwelveParts() throws {
        let fixture = try EditorFixture()
        let parts = Mirror(reflecting: fixture.editor.model).children.compactMap(\.label)
        #expect(parts.count <= 12, "\(parts)")
        #expect(parts.contains("navigation") && parts.contains("modal") && parts.contains("ending"))
    }

    /// An input's update changes the model and returns what it asks of the world; nothing outside runs until the loop
    /// performs it.
    @Test func anUpdateReturnsItsEffectsAndRunsNothingItself() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        let model = fixture.editor.model
        let effects = model.update(.input(.character("e")))
        guard case .editExternally(let edit)? = effects.first, effects.count == 1 else {
            Issue.record("\(effects)")
            return
        }
        #expect(edit.suite == "com.example.app" && edit.key == model.selectedKey?.key)
        #expect(model.update(.input(.control("l"))) == [.reload])
        #expect(model.takeEffects().isEmpty, "returned once, not kept")
        // Space on a Boolean asks for a write, which the store does not see until the loop makes it.
        #expect(model.update(.input(.character("j"))).isEmpty && model.update(.input(.character("j"))).isEmpty)
        #expect(model.selectedKey?.key == "showsTips")
        let writes = model.update(.input(.character(" ")))
        guard case .write(let write)? = writes.first, writes.count == 1 else {
            Issue.record("\(writes)")
            return
        }
        #expect(write.suite == "com.example.app" && Array(write.changes.keys) == ["showsTips"])
        #expect(write.expecting == ["showsTips": nil], "written only over the value shown")
        #expect(try fixture.store.suite("com.example.app").primitiveValue(forKey: "showsTips") == nil)
        // The outcome comes back as an action: the model records and says it.
        let made = PersistentKeyValueChange(
            suite: "com.example.app", key: "showsTips", oldValue: nil, newValue: write.changes["showsTips"] ?? nil)
        #expect(model.update(.written(write, .success([made]))).isEmpty)
        #expect(model.messages.current == write.done)
    }
}
