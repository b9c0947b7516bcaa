import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// The rewriting of `prefs`' command line before argument-parser reads it, and completion's reading of the words
/// typed: what each form becomes.
@Suite(.threadOfItsOwn) struct CommandLineWordsTests {
    @Test func globalOptionsBeforeTheCommandMoveAfterItsName() {
        #expect(
            CommandLineWords.hoistingGlobalOptions(["--config-dir", "D", "--json", "read", "app"])
                == ["read", "--config-dir", "D", "--json", "app"])
        #expect(
            CommandLineWords.hoistingGlobalOptions(["--store=postgres://h/db", "schema", "show", "app"])
                == ["schema", "show", "--store=postgres://h/db", "app"])
        // Nothing to move, or nothing after them: the line stays as typed, for argument-parser's own message.
        #expect(CommandLineWords.hoistingGlobalOptions(["read", "--json"]) == ["read", "--json"])
        #expect(CommandLineWords.hoistingGlobalOptions(["--config-dir", "D"]) == ["--config-dir", "D"])
    }

    @Test func defaultsSpellingsBecomePrefsOwn() throws {
        #expect(
            try CommandLineWords.translatingDefaultsSpellings(["write", "s", "k", "-int", "3"])
                == ["write", "s", "k", "--type", "int", "3"])
        #expect(
            try CommandLineWords.translatingDefaultsSpellings(["write", "s", "k", "-array-add", "a"])
                == ["write", "s", "k", "--array-add", "a"])
        // After `--` a word is a value, and other commands are left alone.
        #expect(try CommandLineWords.translatingDefaultsSpellings(["write", "--", "s", "k", "-int"]).last == "-int")
        #expect(try CommandLineWords.translatingDefaultsSpellings(["read", "-int"]) == ["read", "-int"])
        // `defaults`' hex data becomes prefs' base64; what is not hex is refused.
        #expect(
            try CommandLineWords.translatingDefaultsSpellings(["write", "s", "k", "-data", "ff"])
                == ["write", "s", "k", "--type", "data", "/w=="])
        let error = #expect(throws: ToolError.self) {
            try CommandLineWords.translatingDefaultsSpellings(["write", "s", "k", "-data", "fz"])
        }
        #expect(error?.code == .usage)
        #expect(error?.description.contains("takes hex digits") == true)
    }

    @Test func negativeNumbersAreOperandsAndOptionValuesStayWithTheirOptions() {
        #expect(
            CommandLineWords.separatingNegativeNumbers(["write", "s", "-t", "int", "k", "-7", "--force"])
                == ["write", "-t", "int", "--force", "--", "s", "k", "-7"])
        #expect(CommandLineWords.separatingNegativeNumbers(["write", "s", "k", "7"]) == ["write", "s", "k", "7"])
        #expect(CommandLineWords.separatingNegativeNumbers(["undo", "-5"]) == ["undo", "-5"])
    }

    @Test func completionSkipsOptionsAndTheirValuesWhereverTheyStand() {
        let words = CompletionWords(["prefs", "--config-dir", "'/tmp/my dir'", "write", "-t", "int", "app", "size", ""])
        #expect(words.operands(before: 8) == ["app", "size"])
        #expect(words.value(of: "--config-dir") == "/tmp/my dir")
        #expect(CompletionWords(["prefs", "--store=pg", "read", ""]).operands(before: 3) == [])
        #expect(CompletionWords(["prefs", "schema", "show", "app", ""]).operands(before: 4) == ["app"])
        // `--to`'s value is not an operand of undo; `--steps` too.
        #expect(CompletionWords(["prefs", "undo", "--to", "5m", "app", ""]).operands(before: 5) == ["app"])
    }

    @Test func theTableNamesEachCommandsOptionsWithTheGlobalOnes() {
        #expect(
            CommandOptions.takingValue(in: "log")
                == ["--config-dir", "--store", "--limit", "-n", "--since", "--until", "--writer"])
        #expect(CommandOptions.command(in: ["schema", "install", "f.json"]) == ("schema install", 2))
        #expect(CommandOptions.command(in: ["read", "app"]) == ("read", 1))
    }

    /// A single-dash word of several letters would be read by argument-parser as a cluster of flags (`-dash` held
    /// `h`, so the help printed and nothing was written): refused in one line naming `--`, which takes it.
    @Test func aDashedWordOfSeveralLettersIsRefusedNotReadAsFlags() throws {
        let cli = try InProcessPrefs()
        let refused = try cli.run("write", "S", "-dash", "V")
        #expect(refused.status == 64)
        #expect(
            refused.error
                == "prefs: unknown option \"-dash\"; a key, suite or value that starts with - goes after --, as in "
                + "prefs write -- -dash\n")
        #expect(refused.output.isEmpty)
        #expect(try cli.run("read", "S").status == 1, "nothing was written")
        #expect(try cli.run("write", "S", "--", "-dash", "V").status == 0)
        #expect(try cli.run("read", "S", "--", "-dash").output == "V\n")
        #expect(try cli.run("write", "S", "n", "-7").status == 0, "a negative number is a value")
        let opposite = try cli.run("find", "-dash")
        #expect(opposite.output == "S n = -7\n", "find's -word asks the opposite: \(opposite.error)")
    }
}

/// The verbs of `gsettings` and `defaults` run as prefs' own, from the one table help lists.
@Suite struct ForeignVerbsTests {
    @Test func eachVerbRunsPrefsOwnCommand() throws {
        let cli = try InProcessPrefs()
        try cli.installSchema(SchemaFixtures.app)
        #expect(try cli.run("set", "app", "theme", "dark").status == 0)
        #expect(try cli.run("get", "app", "theme").output == "dark\n")
        #expect(try cli.run("domains").output == "app\n")
        #expect(try cli.run("list-keys", "app").output.contains("fontScale"))
        #expect(try cli.run("reset", "app", "theme").status == 0)
        #expect(try cli.run("read", "--json", "app").output.contains("theme") == false)
        // Global options may come first, as with every command.
        #expect(try cli.run("--config-dir", cli.configDirectory.path, "get", "app", "theme").output == "light\n")
        #expect(try CommandLineWords.prepared(["monitor", "app"]) == ["watch", "app"])
        let help = try cli.run("--help").output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("get (read), set (write), reset (delete)"))
    }

    @Test func aSuiteAtItsDefaultsSaysSoWhereNothingIsPrinted() throws {
        let cli = try InProcessPrefs()
        try cli.installSchema(SchemaFixtures.app)
        let read = try cli.run("read", "app")
        #expect(read.status == 0 && read.output.isEmpty)
        #expect(read.error == "every key of suite \"app\" is at its default; prefs read app --all lists them\n")
    }

    @Test func kwriteconfigsGroupAndKeyAsWordsAreHintedAsOneKey() throws {
        let cli = try InProcessPrefs()
        let typed = cli.run(["--store", "kconfig", "write", "kdeglobals", "General", "ColorScheme", "BreezeDark"])
        #expect(typed.status == 64)
        #expect(
            typed.error
                == "prefs: KConfig names a key GROUP/KEY: prefs --store kconfig write kdeglobals General/ColorScheme "
                + "BreezeDark; prefs write --help shows the usage\n")
        #expect(!FileManager.default.fileExists(atPath: cli.configDirectory.appendingPathComponent("kdeglobals").path))
    }
}
