import Foundation
import PrefsFileStore
import PrefsKConfig
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Testing

/// Every command on `--store kconfig`, in this process: the files listed, schemas from `.kcfg`, `[$e]` shown both
/// ways, secrets hidden, bad names refused with one line, and the editor on the same files.
@Suite(.needs(.kreadconfig5, .kwriteconfig5), .threadOfItsOwn) struct KConfigCommandTests {
    @Test func suitesAreTheKConfigFilesOfTheFolders() throws {
        let kde = try KDEFixture()
        try kde.write("kdeglobals", "[General]\nColorScheme=BreezeDark\n")
        try kde.write("dolphinrc", "[General]\nShowFullPath=true\n")
        try kde.write("notes.txt", "not KConfig\n")
        try kde.write("dolphinrc.lock", "123\n")
        try FileManager.default.createDirectory(at: kde.url("kdedefaults"), withIntermediateDirectories: true)
        try kde.write("kdedefaults/kdeglobals", "[KDE]\nwidgetStyle=Breeze\n")
        try kde.writeSystem("kwinrc", "[Windows]\nBorderless=false\n")
        let listed = kde.run("suites")
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output == "dolphinrc\nkdedefaults/kdeglobals\nkdeglobals\nkwinrc\n")
        #expect(try kde.read("kdedefaults/kdeglobals", "KDE/widgetStyle") == "Breeze")
        #expect(try kde.read("kwinrc", "Windows/Borderless") == "false")
        let all = kde.run("read", "kdeglobals")
        #expect(all.output == "General/ColorScheme = BreezeDark\n", "\(all.output)")
    }

    @Test func badNamesAreRefusedWithOneLineAndNothingIsWritten() throws {
        let kde = try KDEFixture()
        try kde.write("badrc", "[G]\nk=v\n")
        for (suite, key, says) in [
            ("badrc", "G//k", "names no key"), ("badrc", #"G/k\"#, "names no key"),
            ("../escape", "G/k", "invalid KConfig file"), ("badrc.lock", "G/k", "lock file"),
        ] {
            let result = kde.run("write", suite, key, "x")
            #expect(result.status != 0, "\(suite) \(key)")
            #expect(result.error.contains(says), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        }
        #expect(kde.text("badrc") == "[G]\nk=v\n")
        #expect(
            !FileManager.default.fileExists(
                atPath: kde.prefs.configDirectory.deletingLastPathComponent().appendingPathComponent("escape").path))
    }

    @Test func describeShowsAnExpandedValueAndItsText() throws {
        let kde = try KDEFixture()
        try kde.write("pathsrc", "[Paths]\nDocs[$e]=$HOME/Documents\n")
        let described = kde.run("describe", "pathsrc", "Paths/Docs")
        #expect(described.status == 0, "\(described.error)")
        #expect(described.output.contains("value: \(kde.environment["HOME"] ?? "")/Documents"), "\(described.output)")
        #expect(described.output.contains("stored as: $HOME/Documents, its variables expanded when read"))
    }

    @Test func kcfgSchemasTypeDescribeAndHideSecrets() throws {
        let kde = try KDEFixture()
        try kde.installSchema("interop.kcfg")
        try kde.write("typedrc", "[General]\nSecret=hunter2\nCount=7\n")
        let listed = kde.run("schema", "list")
        #expect(listed.output.contains("typedrc"), "\(listed.output) \(listed.error)")
        let described = kde.run("describe", "typedrc", "General/Count")
        #expect(described.output.contains("How many"), "\(described.output)")
        #expect(described.output.contains("range int 0 100"), "\(described.output)")
        #expect(described.output.contains("value: 7"), "\(described.output)")
        let font = kde.run("describe", "typedrc", "General/Font")
        #expect(font.output.contains("Default, computed by the program: QFontDatabase::systemFont"), "\(font.output)")
        let all = kde.run("read", "typedrc")
        #expect(!all.output.contains("hunter2"), "\(all.output)")
        #expect(all.output.contains("General/Secret"), "\(all.output)")
        #expect(kde.run("read", "--json", "typedrc", "General/Enabled").output == "true\n", "the default")
        // The journal records that the secret changed, never its value.
        #expect(kde.run("write", "typedrc", "General/Secret", "correct horse").status == 0)
        let state = kde.prefs.home.url.appendingPathComponent("state")
        let journals = FileManager.default.enumerator(atPath: state.path)?.compactMap { $0 as? String } ?? []
        let texts = journals.filter { $0.hasSuffix(".jsonl") }.compactMap {
            try? String(contentsOf: state.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(texts.contains { $0.contains("General/Secret") }, "\(journals)")
        #expect(!texts.contains { $0.contains("correct horse") || $0.contains("hunter2") })
    }

    @Test func historyNamesTheWriterAndUndoPutsBackTheLineAlone() throws {
        let kde = try KDEFixture()
        let original = "# mine\n[G]\nk = 1\nother=x\n"
        try kde.write("historyrc", original)
        #expect(kde.run("write", "historyrc", "G/k", "2").status == 0)
        let log = kde.run("log", "historyrc")
        #expect(log.output.contains("G/k: 1 -> 2  by \(InProcessPrefs.writer())"), "\(log.output)")
        #expect(kde.run("undo", "historyrc").status == 0)
        #expect(kde.text("historyrc") == original)
        #expect(kde.run("delete", "historyrc", "G/other").status == 0)
        #expect(kde.text("historyrc") == "# mine\n[G]\nk = 1\n")
    }

    @Test func aLinkedFileIsWrittenWhereItsLinkLeadsAndAnEmptiedFileGoes() throws {
        let kde = try KDEFixture()
        let dotfiles = kde.prefs.home.url.appendingPathComponent("dotfiles", isDirectory: true)
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try Data("[G]\nk=1\n".utf8).write(to: dotfiles.appendingPathComponent("linkedrc"))
        try FileManager.default.createSymbolicLink(
            atPath: kde.url("linkedrc").path, withDestinationPath: dotfiles.appendingPathComponent("linkedrc").path)
        #expect(kde.run("write", "linkedrc", "G/k", "2").status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: kde.url("linkedrc").path)
                == dotfiles.appendingPathComponent("linkedrc").path)
        #expect(kde.text("linkedrc") == "[G]\nk=2\n")
        try kde.write("emptiedrc", "[G]\nonly=1\n")
        #expect(kde.run("delete", "emptiedrc", "G/only").status == 0)
        #expect(!FileManager.default.fileExists(atPath: kde.url("emptiedrc").path), "KConfig removes an empty file")
    }

    @Test func theEditorBrowsesAndEditsKConfigFiles() throws {
        let kde = try KDEFixture()
        try kde.write("editorrc", "# kept\n[Appearance]\nTheme=Breeze\n[Behaviour]\nClicks=2\n")
        let editor = kde.prefs.editor("--store", "kconfig", "tui", "editorrc")
        #expect(editor.waitFor { $0.contains("Appearance/Theme") && $0.contains("Behaviour/Clicks") })
        editor.type("/Theme")
        editor.type(.key(.enter), .key(.enter))
        #expect(editor.waitFor { $0.contains("Appearance/Theme: Breeze") })
        editor.type(.control("u"))
        editor.type("Oxygen")
        editor.type(.key(.enter))
        #expect(eventually { kde.text("editorrc") == "# kept\n[Appearance]\nTheme=Oxygen\n[Behaviour]\nClicks=2\n" })
        // KDE's own tool, another program: its write reaches the editor through the folder's watch.
        editor.type(.character("/"), .control("u"), .key(.enter))
        #expect(editor.waitFor { $0.contains("Appearance/Theme") && $0.contains("Behaviour/Clicks") })
        try kde.kwrite("editorrc", groups: ["Behaviour"], key: "Clicks", "1")
        #expect(
            editor.waitFor {
                $0.split(separator: "\n").contains { $0.contains("Behaviour/Clicks") && $0.contains(" 1") }
            },
            "\(editor.screen) \(kde.text("editorrc") ?? "")")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
        #expect(try kde.kread("editorrc", groups: ["Appearance"], key: "Theme") == "Oxygen")
    }
}
