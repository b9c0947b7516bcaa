import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import Testing

/// A secret key in the editor: `••••` until `v` reveals that key alone.
@Suite(.threadOfItsOwn) struct EditorSecretsTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "vault", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true},
          {"id": "other", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true},
          {"id": "user", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": ""}
        ]}
        """

    @Test func aSecretShowsMaskedUntilRevealedAndOnlyThatKey() throws {
        let fixture = try EditorFixture(width: 110, height: 14, suite: "vault")
        try fixture.catalog.install(Data(Self.manifest.utf8))
        try fixture.store.suite("vault").commit([
            "token": .string("s3cret-token"), "other": .string("hidden-too"), "user": .string("ann"),
        ])
        var screen = fixture.type(.control("l")).text
        #expect(screen.contains("ann"))
        #expect(screen.contains("••••"))
        #expect(!screen.contains("s3cret-token") && !screen.contains("hidden-too"))

        // The first row is `other`, then `token`, then `user`... as the list sorts them: select token, reveal it.
        let rows = screen.split(separator: "\n")
        let tokenRow = try #require(rows.firstIndex { $0.contains("token") })
        let otherRow = try #require(rows.firstIndex { $0.contains("other") })
        screen = fixture.type(tokenRow > otherRow ? .character("j") : .character("k"), .character("v")).text
        #expect(screen.contains("s3cret-token"), "\(screen)")
        #expect(!screen.contains("hidden-too"), "revealing one secret leaves the others hidden")
        screen = fixture.type(.character("v")).text
        #expect(!screen.contains("s3cret-token"))

        // A change by another writer, in the change log, is masked as well.
        try fixture.store.suite("vault").commit(["token": .string("rotated-token")])
        screen = fixture.type(.character("w")).text
        #expect(!screen.contains("rotated-token"))
    }

    /// A secret's value is typed blind, until `v` reveals that key.
    @Test func aSecretIsTypedBlindUnlessRevealed() throws {
        let fixture = try EditorFixture(width: 110, height: 14, suite: "vault")
        try fixture.catalog.install(Data(Self.manifest.utf8))
        try fixture.store.suite("vault").commit(["token": .string("s3cret-token"), "user": .string("ann")])
        fixture.type(.control("l"))
        let rows = fixture.screen.split(separator: "\n")
        let tokenRow = try #require(rows.firstIndex { $0.contains("token") })
        let firstRow = try #require(rows.firstIndex { $0.contains("other") || $0.contains("token") })
        fixture.editor.step(Array(repeating: InputEvent.character("j"), count: tokenRow - firstRow))
        fixture.editor.step([.key(.enter), .control("u"), .key(.end), .control("u")] + type("typed-secret"))
        fixture.editor.draw()
        #expect(!fixture.screen.contains("typed-secret"), "\(fixture.screen)")
        #expect(fixture.screen.contains("token: ••••••••••••"), "\(fixture.screen)")
        fixture.type(.key(.escape), .character("v"), .key(.enter), .control("u"), .key(.end), .control("u"))
        fixture.editor.step(type("shown"))
        fixture.editor.draw()
        #expect(fixture.screen.contains("token: shown"), "\(fixture.screen)")
    }
}
