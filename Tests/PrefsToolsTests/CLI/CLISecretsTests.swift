import Foundation
import PrefsTestHelpers
import Testing

@testable import PrefsFileStore

/// A key the schema marks secret: redacted on every output path unless `--reveal`, never in the journal.
@Suite(.threadOfItsOwn) struct CLISecretsTests {
    static let secret = "tok-8c1f-SECRET"
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true, "summary": "API token"},
          {"id": "port", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 80}
        ]}
        """

    private func installed() throws -> InProcessPrefs {
        let cli = try InProcessPrefs()
        try cli.installSchema(Self.manifest)
        #expect(try cli.run("write", "app", "port", "8080").status == 0)
        #expect(try cli.run("write", "app", "token", Self.secret).status == 0)
        return cli
    }

    /// Every file under the test's home: the suite, the journal, the schema.
    private func files(_ cli: InProcessPrefs) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: cli.home.url, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }
    }

    /// The first write of a suite, a secret, into a journal no write has made yet: the journal's digest key is made
    /// with its folder, and nothing is said (it warned that the key could not be used, as the folder was not there).
    @Test func theFirstSecretWriteIntoAFreshJournalSaysNothing() throws {
        let cli = try InProcessPrefs()
        try cli.installSchema(Self.manifest)
        let written = try cli.spawn(["write", "app", "token", Self.secret])
        #expect(written.status == 0)
        #expect(written.error.isEmpty, "\(written.error)")
        let keys = files(cli).filter { $0.lastPathComponent == ".secret-digest-key" }
        #expect(keys.count == 1, "\(keys)")
    }

    @Test func everyOutputPathRedactsASecretUnlessRevealed() throws {
        let cli = try installed()
        let outputs: [[String]] = [
            ["read", "app", "token"], ["read", "app", "token", "--json"], ["read", "app"], ["read", "app", "--json"],
            ["read", "app", "--json", "--types"], ["read"], ["log", "app"], ["log", "app", "--json"],
            ["diff", "app"], ["diff", "app", "--json"], ["find", "token"], ["find", "tok"], ["find", "app", "--json"],
            ["export", "app"], ["export", "app", "--format", "json"], ["dump"],
        ]
        for arguments in outputs {
            let result = cli.run(arguments)
            // find exits 1 when nothing matches, as grep does: the secret's value matches no word.
            let matched =
                arguments[0] != "find"
                || !["", "[]"].contains(result.output.filter { !$0.isWhitespace })
            #expect(result.status == (matched ? 0 : 1), "\(arguments): \(result.error)")
            #expect(!result.output.contains(Self.secret), "\(arguments) printed the secret")
            #expect(!result.error.contains(Self.secret), "\(arguments) printed the secret on stderr")
        }
        #expect(try cli.run("read", "app", "token").output == "••••\n")
        #expect(try cli.run("read", "app").lines == ["port = 8080", "token = ••••"])
        #expect(try cli.run("log", "app", "token").lines.last?.contains("-> ••••") == true)
        #expect(try cli.run("find", "8c1f").lines == [], "a secret is not found by its value")
        let export = try cli.run("export", "app", "--format", "json")
        #expect(export.error.contains("left out 1 secret key(s) of suite \"app\" (token); --reveal includes them"))

        // --reveal shows it everywhere it was hidden.
        #expect(try cli.run("read", "app", "token", "--reveal").output == Self.secret + "\n")
        #expect(try cli.run("export", "app", "--format", "json", "--reveal").output.contains(Self.secret))
        #expect(try cli.run("dump", "--reveal").output.contains(Self.secret))
        #expect(try cli.run("find", "8c1f", "--reveal").lines.count == 1)

        // The journal knows the token changed, and who changed it, but not what it holds.
        let journal = files(cli).filter { $0.pathExtension == "jsonl" }
        #expect(!journal.isEmpty)
        for file in journal {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(#""key":"token""#))
            #expect(!text.contains(Self.secret))
            #expect(text.contains(#""key":"port""#) && text.contains("8080"), "other keys keep their values")
        }
    }

    @Test func aWatcherShowsASecretsChangeWithoutItsValue() throws {
        let cli = try installed()
        let watch = cli.watch("watch", "app")
        defer { watch.kill() }
        let json = cli.watch("watch", "app", "--json")
        defer { json.kill() }
        // A watcher starting up may miss a first write: write until both have printed one.
        var seen = false
        for attempt in 1...40 where !seen {
            #expect(try cli.run("write", "app", "token", Self.secret + "\(attempt)").status == 0)
            seen =
                watch.waitForLine(timeout: .milliseconds(500)) { $0.contains("token = ••••") }
                && json.waitForLine(timeout: .milliseconds(500)) { $0.contains(#""new":"••••""#) }
        }
        #expect(seen)
        #expect(!(watch.output + json.output).joined().contains(Self.secret))
    }

    @Test func anExportAndReplacingImportKeepTheSecret() throws {
        let cli = try installed()
        let file = cli.home.url.appendingPathComponent("backup.plist")
        #expect(try cli.run("export", "app", "--output", file.path).status == 0)
        #expect(try cli.run("import", "app", file.path, "--replace").status == 0)
        #expect(try cli.run("read", "app", "token", "--reveal").output == Self.secret + "\n")
    }

    @Test func undoRefusesASecretsWriteAndMasksOneDeclaredAfterItsWrite() throws {
        let cli = try installed()
        // The journal kept no value of the token's write: undo says so, and changes nothing.
        let refused = try cli.run("undo", "app")
        #expect(refused.status != 0)
        #expect(
            refused.error
                == "prefs: the change of \"token\" is a secret's, whose values the history never keeps; nothing was undone\n"
        )
        #expect(try cli.run("read", "app", "token", "--reveal").output == Self.secret + "\n")

        // A key written before the schema declared it secret: its journal record holds the value, which undo's
        // report masks unless --reveal.
        #expect(try cli.run("schema", "uninstall", "app").status == 0)
        #expect(try cli.run("write", "app", "token", "second").status == 0)
        try cli.installSchema(Self.manifest)
        let undone = try cli.run("undo", "app")
        #expect(undone.status == 0, "\(undone.error)")
        #expect(undone.output == "token: •••• -> ••••\n")
        #expect(try cli.run("read", "app", "token", "--reveal").output == Self.secret + "\n")
        // The undo was itself a secret's write, journaled without values: redo cannot make it again, and says so.
        let redo = try cli.run("redo", "app", "--json")
        #expect(redo.status != 0)
        #expect(redo.error.contains(#""code":"nothing-to-undo""#) && redo.error.contains("history never keeps"))
    }

    @Test func aSecretsFormerNameIsMaskedAndJournaledWithoutItsValue() throws {
        let cli = try storedUnderItsFormerName()
        for arguments in [["read", "app", "apiKey"], ["read", "app"], ["read", "app", "token"], ["log", "app"]] {
            let result = cli.run(arguments)
            // find exits 1 when nothing matches, as grep does: the secret's value matches no word.
            let matched =
                arguments[0] != "find"
                || !["", "[]"].contains(result.output.filter { !$0.isWhitespace })
            #expect(result.status == (matched ? 0 : 1), "\(arguments): \(result.error)")
            #expect(!result.output.contains(Self.secret), "\(arguments) printed the secret")
        }
        #expect(try cli.run("read", "app", "apiKey").output == "••••\n")
        #expect(try cli.run("read", "app", "token", "--reveal").output == Self.secret + "\n")
        let export = try cli.run("export", "app", "--format", "json")
        #expect(!export.output.contains(Self.secret) && export.error.contains("(apiKey)"), "\(export.error)")
        let journal = files(cli).filter { $0.pathExtension == "jsonl" }
        #expect(!journal.isEmpty)
        for file in journal { #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(Self.secret)) }

        // Nor is a part of a secret dictionary shown by its path.
        #expect(
            try cli.run("write", "app", "apiKey", #"{"id": "\#(Self.secret)"}"#, "--force", "--type", "json").status
                == 0)
        #expect(try cli.run("read", "app", "apiKey", "--path", "/id").output == "••••\n")
    }

    /// A schema whose secret `token` was `apiKey` in an older version of the app, and a suite that still holds it
    /// under that name, as version 1 of the app wrote it (`--force`: the schema does not declare it).
    private func storedUnderItsFormerName() throws -> InProcessPrefs {
        let cli = try InProcessPrefs()
        let file = cli.home.url.appendingPathComponent("app.json")
        try Data(
            Self.manifest.replacingOccurrences(
                of: #""secret": true,"#, with: #""secret": true, "formerly": ["apiKey"],"#
            )
            .utf8
        ).write(to: file)
        #expect(try cli.run("schema", "install", file.path).status == 0)
        #expect(try cli.run("write", "app", "apiKey", Self.secret, "--force").status == 0)
        #expect(try cli.run("write", "app", "port", "8080").status == 0)
        return cli
    }

    /// A value a plain program writes over the secret: one whose 8 bits of the journal's keyed digest differ from the
    /// secret's, since one value in 256 shares them and would be taken for the journaled write.
    private func foreignValue(_ cli: InProcessPrefs) throws -> String {
        let keyFile = try #require(files(cli).first { $0.lastPathComponent == JournalDigestKey.fileName })
        let key = try [UInt8](Data(contentsOf: keyFile))
        let written = JournalDigestKey.digest(.string(Self.secret), key: key)
        return try #require(
            (1...40).map { "foreign-\($0)" }.first { JournalDigestKey.digest(.string($0), key: key) != written })
    }

    /// A secret's journal record keeps 8 bits of a keyed digest of the value, so that a change no journal explains (a
    /// plain program rewriting the file) is not blamed on the last prefs write of the key.
    @Test func aSecretsChangeNoJournalExplainsIsNotBlamedOnTheLastWriter() throws {
        let cli = try installed()
        let keyFile = try #require(files(cli).first { $0.lastPathComponent == JournalDigestKey.fileName })
        #expect(try Data(contentsOf: keyFile).count == 16)
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let foreign = try foreignValue(cli)

        let watch = cli.watch("watch", "app")
        defer { watch.kill() }
        var seen = false
        for attempt in 1...40 where !seen {
            #expect(try cli.run("write", "app", "port", "\(9000 + attempt)").status == 0)
            seen = watch.waitForLine(timeout: .milliseconds(500)) { $0.contains("app port = ") }
        }
        #expect(seen)
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["token": foreign, "port": 1], format: .xml, options: 0)
        try data.write(to: cli.suiteFile("app"), options: .atomic)
        #expect(watch.waitForLine { $0.contains("app token = ••••") })
        let line = watch.output.last { $0.contains("app token = ") } ?? ""
        #expect(line.hasSuffix("(writer not recorded)"), "\(line)")
        #expect(!watch.output.joined().contains(foreign))
    }

    /// The editor, run in-process as `prefs tui` runs it: a secret is replaced from an empty line, and neither its
    /// old nor its new value reaches the screen, before or after the save.
    @Test func theEditorNeverShowsASecretItEdits() throws {
        let cli = try installed()
        let editor = cli.editor("tui", "app")
        #expect(editor.waitFor { $0.contains("token") && $0.contains("••••") })
        let tokenFirst =
            editor.screen.split(separator: "\n").first { $0.contains("port") || $0.contains("token") }?
            .contains("token") == true
        if !tokenFirst { editor.type("j") }
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("token:") })
        #expect(!editor.screen.contains(Self.secret))
        editor.type("NEW-tok-typed")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("token = ••••") }, "\(editor.screen)")
        #expect(cli.run(["read", "app", "token", "--reveal"]).output == "NEW-tok-typed\n")
        let screen = editor.screen
        #expect(!screen.contains(Self.secret) && !screen.contains("NEW-tok-typed"), "\(screen)")
        // `q` goes back to the suites, and quits from there.
        editor.type("q")
        #expect(editor.waitFor { $0.contains("2 keys") })
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    /// A secret's journal record holds no value, yet names its writer: the editor's state column names the process
    /// that set it (here this one, running `prefs write` in-process), not `outside`, and `outside` once a plain
    /// program rewrote it.
    @Test func theEditorNamesASecretsWriterAndTellsAnOutsideRewrite() throws {
        let cli = try installed()
        #expect(cli.run(["write", "app", "token", "placeholder"]).status == 0)
        #expect(cli.run(["write", "app", "token", Self.secret]).status == 0)
        let foreign = try foreignValue(cli)
        let editor = cli.editor("tui", "app")
        let tokenRow = { (screen: String) in screen.split(separator: "\n").first { $0.contains("token") } ?? "" }
        let writer = "prefs write"
        #expect(editor.waitFor { tokenRow($0).contains(" \(writer)") }, "\(editor.screen)")
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["token": foreign, "port": 8080], format: .xml, options: 0)
        try data.write(to: cli.suiteFile("app"), options: .atomic)
        #expect(editor.waitFor { tokenRow($0).contains(" not recorded ") }, "\(editor.screen)")
        #expect(!editor.screen.contains(foreign))
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}
