import Foundation
import PrefsTestHelpers
import PrefsTools
import Testing

/// `prefs write`, `read`, `suites` and `delete`, through the built binary.
@Suite(.threadOfItsOwn) struct CLIReadWriteTests {
    /// The short path and argument-parser print the one version.
    ///
    /// `prefs --version` alone takes the short path; anywhere else on a command line, argument-parser answers.
    @Test func theVersionIsTheSameOnBothPaths() throws {
        let cli = try InProcessPrefs()
        let short = try cli.run("--version")
        #expect(short.status == 0)
        #expect(short.output == PrefsVersion.current + "\n")
        let parsed = try cli.run("--config-dir", cli.configDirectory.path, "--version")
        #expect(parsed.status == 0)
        #expect(parsed.output == short.output)
    }

    @Test func typedWritesReadBackAsBareValues() throws {
        let cli = try InProcessPrefs()
        let writes: [(key: String, value: String, type: String, printed: String)] = [
            ("name", "Zoë 漢字", "string", "Zoë 漢字"), ("count", "42", "int", "42"), ("scale", "1.25", "float", "1.25"),
            ("enabled", "yes", "bool", "true"), ("when", "2026-05-01T12:00:00Z", "date", "2026-05-01T12:00:00Z"),
            ("blob", "AAH/", "data", "AAH/"), ("list", #"[1, "two", {"three": 3}]"#, "json", #"[1,"two",{"three":3}]"#),
        ]
        for write in writes {
            #expect(try cli.run("write", "app", write.key, write.value, "--type", write.type).status == 0)
        }
        for write in writes {
            let result = try cli.run("read", "app", write.key)
            #expect(result.status == 0)
            #expect(result.output == write.printed + "\n", "\(write.key)")
        }
        #expect(try cli.run("read", "app", "count", "--json").output == "42\n")
        #expect(try cli.run("suites").output == "app\n")
    }

    @Test func foundationReadsWhatTheCommandLineWrote() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "count", "7", "--type", "int")
        try cli.run("write", "app", "theme", "dark")
        let plist =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: cli.suiteFile("app")), format: nil) as? [String: Any]
        #expect(plist?["count"] as? Int == 7)
        #expect(plist?["theme"] as? String == "dark")
    }

    @Test func aWholeSuiteReadsAsSortedKeyValueLinesOrJSON() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "b", "two")
        try cli.run("write", "app", "a", "1", "-t", "int")
        try cli.run("write", "app", "c", "line one\nline two")
        #expect(try cli.run("read", "app").lines == ["a = 1", "b = two", #"c = line one\nline two"#])
        let json = try cli.run("read", "app", "--json").output
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["a"] as? Int == 1)
        #expect(object?["c"] as? String == "line one\nline two")
    }

    @Test func aBareStringIsPrintedAsItIsWhenPiped() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "c", "line one\nline two")
        #expect(try cli.run("read", "app", "c").output == "line one\nline two\n")
    }

    @Test func deleteRemovesOneKeyOrEveryKeyWhenForced() throws {
        let cli = try InProcessPrefs()
        try cli.run("write", "app", "a", "1")
        try cli.run("write", "app", "b", "2")
        #expect(try cli.run("delete", "app", "a").status == 0)
        #expect(try cli.run("read", "app").lines == ["b = 2"])
        let unasked = try cli.run("delete", "app", "--all")
        #expect(unasked.status == 1)
        #expect(unasked.error.contains("--force"))
        #expect(try cli.run("read", "app").lines == ["b = 2"])
        #expect(try cli.run("delete", "app", "--all", "--force").status == 0)
        #expect(try cli.run("read", "app").lines == [])
    }

    @Test func separateConfigDirectoriesKeepSeparateHistoriesAndSchemas() throws {
        let cli = try InProcessPrefs()
        let first = cli.home.url.appendingPathComponent("first").path
        let second = cli.home.url.appendingPathComponent("second").path
        try cli.run("write", "--config-dir", first, "app", "theme", "dark")
        try cli.run("write", "--config-dir", second, "app", "theme", "light")
        try cli.run("write", "--config-dir", second, "app", "theme", "black")
        #expect(try cli.run("--config-dir", first, "log", "app").lines.count == 1, "global options may come first")
        #expect(try cli.run("log", "--config-dir", second, "app").lines.count == 2)
        let manifest = cli.home.url.appendingPathComponent("schema.json")
        try Data(SchemaFixtures.app.utf8).write(to: manifest)
        #expect(try cli.run("schema", "install", "--config-dir", first, manifest.path).status == 0)
        #expect(try cli.run("--config-dir", first, "schema", "list").lines == ["app"])
        #expect(try cli.run("schema", "list", "--config-dir", second).lines == [])
        #expect(try cli.run("write", "--config-dir", first, "app", "theme", "purple").status == 1)
        #expect(try cli.run("write", "--config-dir", second, "app", "theme", "purple").status == 0)
    }
}

/// The short path `prefs write` takes without argument-parser must behave as the full one does.
@Suite(.threadOfItsOwn) struct CLIWriteShortPathTests {
    @Test(arguments: [
        ["write", "app", "n", "-5", "--type", "int"],  // a negative number needs no --
        ["write", "--type", "int", "app", "n", "--", "-5"],
        ["write", "-t", "int", "--config-dir", "CONFIG", "app", "n", "--", "-5"],
        ["write", "app", "--", "n", "--force"],
    ])
    func optionsInAnyOrderAndDoubleDashWork(arguments: [String]) throws {
        let cli = try InProcessPrefs()
        let resolved = arguments.map { $0 == "CONFIG" ? cli.configDirectory.path : $0 }
        let result = cli.run(resolved)
        #expect(result.status == 0, "\(result.error)")
        let expected = arguments.contains("int") ? "-5\n" : "--force\n"
        #expect(try cli.run("read", "app", "n").output == expected)
    }

    @Test func helpAndUnusualFormsGoThroughArgumentParser() throws {
        let cli = try InProcessPrefs()
        let help = try cli.run("write", "--help")
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: prefs write"))
        #expect(try cli.run("write", "app", "k").status == 64)
        #expect(try cli.run("write", "app", "k", "v", "--type", "uuid").status == 64)
        #expect(try cli.run("write", "app", "k", "v", "--bogus").status == 64)
    }
}

/// Shell completions and the man page come from argument-parser's own tooling.
@Suite(.threadOfItsOwn) struct CLIDocumentationTests {
    /// Every subcommand and option, as argument-parser describes the tool.
    private func names() throws -> Set<String> {
        let cli = try InProcessPrefs()
        let dump = try cli.run("--experimental-dump-help").output
        let object = try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any]
        var names = Set<String>()
        func visit(_ command: [String: Any]) {
            if let name = command["commandName"] as? String { names.insert(name) }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] {
                    if name["kind"] as? String == "long", let long = name["name"] as? String { names.insert(long) }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub) }
        }
        visit(try #require(object?["command"] as? [String: Any]))
        return names
    }

    /// The one table of options that take a value, read by the pre-parsers and completion, says what
    /// argument-parser's declarations say, command by command: an option added to one and not the other fails here.
    @Test func theTableOfValueTakingOptionsMatchesTheCommands() throws {
        let dump = try InProcessPrefs().run("--experimental-dump-help").output
        let object = try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any]
        var declared: [String: Set<String>] = [:]
        func visit(_ command: [String: Any], path: [String]) {
            var names = Set<String>()
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option"
            {
                for name in argument["names"] as? [[String: Any]] ?? [] {
                    let dashes = name["kind"] as? String == "long" ? "--" : "-"
                    names.insert(dashes + (name["name"] as? String ?? ""))
                }
            }
            if !path.isEmpty { declared[path.joined(separator: " ")] = names }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                visit(sub, path: path + [sub["commandName"] as? String ?? ""])
            }
        }
        visit(try #require(object?["command"] as? [String: Any]), path: [])
        #expect(declared.count > 25)
        for (command, names) in declared {
            let withoutGlobal = ["schema", "help", "demo-writer"].contains(command)
            let table = withoutGlobal ? CommandOptions.valued[command] ?? [] : CommandOptions.takingValue(in: command)
            #expect(names == table, "prefs \(command)")
        }
    }

    @Test func completionScriptsNameEverySubcommand() throws {
        let cli = try InProcessPrefs()
        for shell in ["bash", "zsh", "fish"] {
            let script = try cli.run("--generate-completion-script", shell)
            #expect(script.status == 0)
            for command in ["suites", "read", "write", "delete", "watch", "export", "import", "find", "diff", "log"] {
                #expect(script.output.contains(command), "\(shell) completion lacks \(command)")
            }
        }
    }

    @Test func theCommittedManPageIsUpToDate() throws {
        let page = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/man/prefs.1"),
            encoding: .utf8)
        let names = try names()
        #expect(names.count > 20)
        for name in names where !["help", "experimental-dump-help", "demo-writer"].contains(name) {
            #expect(
                page.contains(name.replacingOccurrences(of: "-", with: "\\-")) || page.contains(name),
                "Assets/man/prefs.1 lacks \(name): regenerate it with scripts/manual/generate")
        }
        #expect(!page.contains("demo-writer"), "the hidden command is not documented")
        for section in ["ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains(".Sh \(section)\n") || page.contains(".Sh \"\(section)\"\n"), "\(section)")
        }
        for variable in ["XDG_CONFIG_HOME", "PREFS_STORE", "PREFS_LOG_LEVEL", "PREFS_DEMO_ASSETS", "NO_COLOR"] {
            #expect(page.contains(".It Ev \(variable)\n"), "\(variable)")
        }
    }

    /// argument-parser's generator drops what is not ASCII; the page keeps each such character of the help as a
    /// mandoc escape, and `man` shows it.
    @Test func theManPageKeepsEveryCharacterOfTheHelp() throws {
        let page = try ProjectFile.text("Assets/man/prefs.1")
        let dump = try InProcessPrefs().run("--experimental-dump-help").output
        let wide = Set(dump.unicodeScalars.filter { !$0.isASCII })
        #expect(!wide.isEmpty, "the help has a character past ASCII (the mask of secrets)")
        for scalar in wide {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let escape = "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            #expect(page.contains(escape), "Assets/man/prefs.1 lacks \(scalar) as \(escape)")
        }
        #expect(!page.contains("rather than ."), "nothing was dropped from the --reveal help")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") {
            let shown = try ChildProcess.run(
                "/usr/bin/groff",
                ["-mandoc", "-Tutf8", ProjectFile.root.appendingPathComponent("Assets/man/prefs.1").path])
            #expect(shown.standardOutput.contains("••••."), "groff shows the mask")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func theManPageFormatsWithoutWarnings() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets/man/prefs.1")
        let run = try ChildProcess.run("/usr/bin/groff", ["-mandoc", "-Tutf8", "-ww", "-z", page.path])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }

    /// `defaults`' spellings of the types work as `--type` does; the ones that mean something else name the form to
    /// use and write nothing.
    @Test func defaultsSpellingsOfTypesWork() throws {
        let cli = try InProcessPrefs()
        for (flag, value, typed) in [
            ("-int", "3", #"{"int":3}"#), ("-integer", "-4", #"{"int":-4}"#), ("-float", "0.5", #"{"double":0.5}"#),
            ("-bool", "YES", #"{"bool":true}"#), ("-string", "7", #"{"string":"7"}"#),
        ] {
            let write = try cli.run("write", "S", "k", flag, value)
            #expect(write.status == 0, "\(flag): \(write.error)")
            #expect(try cli.run("read", "--json", "--types", "S", "k").output == typed + "\n", "\(flag)")
        }
        try cli.run("write", "S", "list", "--type", "json", "[1]")
        #expect(try cli.run("write", "S", "list", "-array-add", "2").status == 0)
        #expect(try cli.run("read", "S", "list").output == "[1,2]\n")
        // Collections and data as `defaults` writes them: the words after the form, hex for data.
        for (words, typed) in [
            (["-array", "a", "b c", "3"], #"{"array":[{"string":"a"},{"string":"b c"},{"string":"3"}]}"#),
            (
                ["-dict", "name", "mail", "port", "993"],
                #"{"dictionary":{"name":{"string":"mail"},"port":{"string":"993"}}}"#
            ),
            (["-data", "48656c6c6f"], #"{"data":"SGVsbG8="}"#),
        ] {
            let write = cli.run(["write", "S", "other"] + words)
            #expect(write.status == 0, "\(words): \(write.error)")
            #expect(try cli.run("read", "--json", "--types", "S", "other").output == typed + "\n", "\(words)")
        }
        // What `defaults` would refuse is refused in one line, and nothing is written.
        for (words, said) in [(["-dict", "lonely"], "has no value"), (["-data", "0g"], "takes hex digits")] {
            let refused = cli.run(["write", "S", "bad"] + words)
            #expect(refused.status == 64 && refused.error.contains(said), "\(refused.error)")
            #expect(refused.error.split(separator: "\n").count == 1)
        }
        #expect(try cli.run("read", "S", "bad").status == 1)
    }
}
