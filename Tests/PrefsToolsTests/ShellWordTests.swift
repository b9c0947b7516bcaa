import PrefsCore
import PrefsTestHelpers
import PrefsTools
import Testing

/// The one rule that turns a name into what each shell's completion script takes literally, and the one that hides a
/// store address's password.
@Suite(.threadOfItsOwn) struct ShellWordTests {
    @Test func bashGetsABackslashBeforeEveryCharacterItWouldExpand() {
        #expect(ShellWord.completionCandidate("$(id)", for: .bash) == #"\$\(id\)"#)
        #expect(ShellWord.completionCandidate("`id`", for: .bash) == #"\`id\`"#)
        #expect(ShellWord.completionCandidate("{a,b}", for: .bash) == #"\{a,b\}"#)
        #expect(ShellWord.completionCandidate("~root", for: .bash) == #"\~root"#)
        #expect(ShellWord.completionCandidate("it's", for: .bash) == #"it\'s"#)
        #expect(ShellWord.completionCandidate(#"a\b"#, for: .bash) == #"a\\b"#)
        #expect(ShellWord.completionCandidate("com.example.app", for: .bash) == "com.example.app")
        #expect(ShellWord.completionCandidate("café", for: .bash) == "café")
    }

    @Test func zshEscapesItsDescriptionSeparatorAndFishTakesLinesAsTheyAre() {
        #expect(ShellWord.completionCandidate("x:y", for: .zsh) == #"x\:y"#)
        #expect(ShellWord.completionCandidate(#"a\b"#, for: .zsh) == #"a\\b"#)
        #expect(ShellWord.completionCandidate("$(id)", for: .zsh) == "$(id)")
        #expect(ShellWord.completionCandidate("$(id) x", for: .fish) == "$(id) x")
    }

    @Test func aWordWithAControlOrInvisibleCharacterIsNeverOffered() {
        for shell in ShellWord.Shell.allCases {
            #expect(ShellWord.completionCandidate("a\nb", for: shell) == nil)
            #expect(ShellWord.completionCandidate("a\tb", for: shell) == nil)
            #expect(ShellWord.completionCandidate("a\u{1B}[31m", for: shell) == nil)
            #expect(ShellWord.completionCandidate("a\u{202E}b", for: shell) == nil)
            #expect(ShellWord.completionCandidate("", for: shell) == nil)
        }
    }

    @Test func anUnknownShellIsOfferedOnlyWordsNoShellWouldRead() {
        #expect(ShellWord.completionCandidate("plain.name-1", for: nil) == "plain.name-1")
        #expect(ShellWord.completionCandidate("$(id)", for: nil) == nil)
    }

    @Test(arguments: [
        ("postgres://u:hunter2@db:5432/p?table=t", "postgres://u:••••@db:5432/p?table=t"),
        ("postgres://u:hunter2@db:70000/p", "postgres://u:••••@db:70000/p"),
        ("postgres://u:p@ss:w@rd@db/p", "postgres://u:••••@db/p"),
        ("postgres://u@db/p", "postgres://u@db/p"),
        ("postgres://db/p?sslmode=x@y:z", "postgres://db/p?sslmode=x@y:z"),
        ("u:hunter2@db/p", "u:••••@db/p"),
        ("postgres:u:hunter2@db", "postgres:••••@db"),
    ])
    func aPasswordIsHiddenWhateverElseIsWrongWithTheAddress(address: String, shown: String) {
        #expect(URLPassword.hidden(in: address) == shown)
    }

    @Test func theHandoverReplacesTheStoresWordsAndNoOther() {
        let words = [
            "--store", "postgres://u:pw@h/d", "write", "s", "k", "postgres://u:pw@h/d", "--store=x", "--", "--store",
            "y",
        ]
        let replaced = CommandLineWords.replacingStore(in: words) { "<\($0)>" }
        #expect(
            replaced == [
                "--store", "<postgres://u:pw@h/d>", "write", "s", "k", "postgres://u:pw@h/d", "--store=<x>", "--",
                "--store", "y",
            ])
    }
}

/// `prefs` with only the options that choose a store is `prefs` alone: the editor on that store, on a terminal.
@Suite(.threadOfItsOwn) struct StoreOnlyCommandLineTests {
    @Test(arguments: [
        [], ["--store", "gsettings"], ["--config-dir", "/tmp/x"], ["--config-dir=/tmp/x", "--store", "gsettings"],
    ])
    func optionsThatChooseAStoreAloneAreTheEditorsCommandLine(words: [String]) {
        #expect(CommandLineWords.onlyChoosesAStore(words))
    }

    @Test(arguments: [
        ["--json"], ["--store"], ["--store", "gsettings", "suites"], ["read"], ["--config-dir", "d", "x"],
    ])
    func anythingElseIsNot(words: [String]) {
        #expect(!CommandLineWords.onlyChoosesAStore(words))
    }
}
