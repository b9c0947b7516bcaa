import Foundation
import PrefsTestHelpers
import Testing

/// `prefs read SUITE 'editor.*'`: the group of keys a prefixed store view (`store.prefixed("editor.")`) holds.
@Suite(.threadOfItsOwn) struct GroupPatternTests {
    @Test func aGroupPatternListsTheKeysUnderItsPrefixAndNothingElse() throws {
        let cli = try InProcessPrefs()
        #expect(try cli.run("write", "app", "editor.fontSize", "12", "--type", "int").status == 0)
        #expect(try cli.run("write", "app", "editor.theme", "dark").status == 0)
        #expect(try cli.run("write", "app", "editorial", "no").status == 0)
        #expect(try cli.run("write", "app", "sync.interval", "30", "--type", "int").status == 0)

        #expect(try cli.run("read", "app", "editor.*").lines == ["editor.fontSize = 12", "editor.theme = dark"])
        let json = try cli.run("read", "app", "editor.*", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?.keys.sorted() == ["editor.fontSize", "editor.theme"])
        #expect(object?["editor.fontSize"] as? Int == 12)

        // An empty group is an error naming the prefix, not an empty success.
        let none = try cli.run("read", "app", "nope.*")
        #expect(none.status == 1)
        #expect(none.error == "prefs: no key of suite \"app\" starts with \"nope.\"\n")
        #expect(none.output.isEmpty)

        // A key that is itself named with `.*` is read as that key.
        #expect(try cli.run("write", "app", "odd.*", "literal").status == 0)
        #expect(try cli.run("write", "app", "odd.x", "other").status == 0)
        #expect(try cli.run("read", "app", "odd.*").output == "literal\n")
    }
}
