import Foundation
import PrefsStores
import PrefsTestHelpers
import Testing

/// The one table of store kinds: what `--store` names, which kinds the helper opens, and what help and completion
/// offer, all from it.
struct StoreKindTests {
    @Test func eachValueNamesOneKindAndOnlyAURLGoesToTheHelper() {
        #expect(StoreKind.named(by: "files")?.name == "files")
        #expect(StoreKind.named(by: "gsettings")?.name == "gsettings")
        #expect(StoreKind.named(by: "postgres://u@h/db")?.name == "postgresql")
        #expect(StoreKind.named(by: "mysql://h/db")?.needsHelper == true, "the helper names a wrong scheme")
        #expect(StoreKind.named(by: "gsetings") == nil, "a mistyped word is said by prefs, not handed over")
        #expect(StoreKind.named(by: "kconfig")?.name == "kconfig")
        #expect(StoreKind.named(by: "kde") == nil)
        #expect(StoreKind.all.filter(\.needsHelper).map(\.name) == ["postgresql"])
        #expect(StoreKind.named(by: "xfconf")?.name == "xfconf")
        // Every row but the URL is a word that names its own row, so a new row is a new word, with nothing to edit.
        #expect(StoreKind.words == StoreKind.all.filter { !$0.spelling.contains("://") }.map(\.name))
        for kind in StoreKind.all {
            #expect(StoreKind.help.contains(kind.spelling), "help names \(kind.name)")
            if StoreKind.words.contains(kind.name) { #expect(StoreKind.named(by: kind.name)?.name == kind.name) }
        }
    }

    /// The man page is generated from the same help (`scripts/manual/generate`): every row is there as `--store`'s
    /// help says it, so a new row without a regenerated page fails here.
    @Test func theManPageNamesEveryRowAsHelpDoes() throws {
        let page = try ProjectFile.text("Assets/man/prefs.1")
        for kind in StoreKind.all {
            #expect(page.contains("\(kind.spelling): \(kind.summary)"), "Assets/man/prefs.1 lacks --store \(kind.name)")
        }
    }

    /// `--store files` is the configuration directory, whatever `PREFS_STORE` says.
    @Test func filesChoosesTheConfigurationDirectoryOverTheEnvironment() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "k", "v")
        let chosen = prefs.run(
            ["--store", "files", "read", "app", "k"], extraEnvironment: ["PREFS_STORE": "gsetings"])
        #expect(chosen.output == "v\n", "\(chosen.error)")
        let environment = prefs.run(["read", "app", "k"], extraEnvironment: ["PREFS_STORE": "gsetings"])
        #expect(environment.status == 64)
        #expect(environment.error.hasPrefix(#"prefs: unknown store "gsetings"; did you mean "gsettings"?"#))
        let help = try prefs.run("help", "read").output
        #expect(help.contains("--store <store>") && help.contains("gsettings") && help.contains("postgres://"))
    }
}
