import PrefsTestHelpers
import Testing

@_spi(Fuzzing) @testable import PrefsKConfig

/// The format as `src/core/kconfigini.cpp` reads and writes it: escapes, headers, entries, and edits that change the
/// lines of the keys written and no other byte.
@Suite(.needs(.kreadconfig5, .kwriteconfig5)) struct KConfigFormatTests {
    @Test(arguments: [
        (#"\slead and trail\s"#, " lead and trail "),
        (#"tab\there\nnl\\back é \x01"#, "tab\there\nnl\\back é \u{1}"),
        (#"a\x3db\x5Bc\x5d"#, "a=b[c]"),
        (#"list\,kept\;too"#, #"list\,kept\;too"#),
        (#"bad\xZZhex"#, "badxhex"),
        (#"short\x4"#, "shortx"),
        (#"ends in \"#, #"ends in \"#),
        (#"unknown \q"#, #"unknown \q"#),
        ("plain", "plain"),
    ])
    func escapesReadAsKConfigReadsThem(written: String, read: String) {
        #expect(String(decoding: KConfigEscaping.unescaped(Array(written.utf8)[...]), as: UTF8.self) == read)
    }

    @Test func escapesAreWrittenAsKConfigWritesThem() {
        // What kwriteconfig5 wrote for these, byte for byte.
        #expect(text(" lead and trail ", .value) == #"\slead and trail\s"#)
        #expect(text("tab\there\nnl\\back é \u{1}", .value) == #"tab\there\nnl\\back é \x01"#)
        #expect(text("a=b[c]", .key) == #"a\x3db\x5bc\x5d"#)
        #expect(text("x = [y]", .value) == "x = [y]")
        #expect(text("[G]", .group) == #"\x5bG\x5d"#)
        #expect(text(" spaced ", .group) == " spaced ")
        #expect(text(" ", .value) == #"\s"#)
        #expect(text("del\u{7F}", .value) == #"del\x7f"#)
        #expect(text("del\u{7F}", .key) == "del\u{7F}")
        #expect(String(decoding: KConfigFile.headerLine(["$e"]), as: UTF8.self) == #"[\x24e]"#)
        #expect(String(decoding: KConfigFile.headerLine(["Outer", "In/ner"]), as: UTF8.self) == "[Outer][In/ner]")
    }

    @Test func linesAreReadAsKConfigReadsThem() throws {
        let file = KConfigFile(
            bytes: Array(
                """
                top=1
                # a comment
                [General]
                  Name = Ada \\s
                Path[$e]=$HOME/x
                Gone[$d]
                Title[de]=Titel
                Locked[$i]=yes
                broken line
                =no key
                [Outer][Inner][$i]
                k=v
                [Bad
                after=bad header keeps the group
                """.utf8))
        let kinds = file.lines.map(\.kind)
        #expect(kinds[1] == .other)
        #expect(kinds[2] == .group(path: ["General"], immutable: false))
        #expect(kinds[10] == .group(path: ["Outer", "Inner"], immutable: true))
        #expect(kinds[8] == .other)
        #expect(kinds[9] == .other)
        #expect(kinds[12] == .other)
        var layer = KConfigLayer()
        layer.read(file, source: "f")
        let values = layer.values.mapValues(\.raw)
        #expect(values[KConfigKeyPath(group: [], key: "top")] == "1")
        #expect(values[KConfigKeyPath(group: ["General"], key: "Name")] == "Ada  ")
        #expect(layer.values[KConfigKeyPath(group: ["General"], key: "Path")]?.expands == true)
        #expect(layer.deleted[KConfigKeyPath(group: ["General"], key: "Gone")] == "f")
        #expect(values[KConfigKeyPath(group: ["General"], key: "Title")] == nil, "localized entries are not read")
        #expect(layer.values[KConfigKeyPath(group: ["General"], key: "Locked")]?.immutable == true)
        #expect(layer.values[KConfigKeyPath(group: ["Outer", "Inner"], key: "k")]?.immutable == true)
        #expect(values[KConfigKeyPath(group: ["Outer", "Inner"], key: "after")] == "bad header keeps the group")
        #expect(layer.immutableGroups[["Outer", "Inner"]] == "f")
        #expect(file.bytes == Array(file.bytes), "reading keeps every byte")
    }

    @Test func editsChangeOnlyTheLinesOfTheKeysWritten() {
        let original = """
            # Written by hand; KConfig would drop this comment.
            [Zeta]
            key = old value   
            Title[de]=Titel
            Path[$e]=$HOME/old

            [Alpha]
            a=1
            """
        var file = KConfigFile(bytes: Array(original.utf8))
        file.set(KConfigKeyPath(group: ["Zeta"], key: "key"), to: "new value")
        file.set(KConfigKeyPath(group: ["Zeta"], key: "Path"), to: "$HOME/new")
        file.set(KConfigKeyPath(group: ["Alpha"], key: "b"), to: "2")
        file.set(KConfigKeyPath(group: ["New", "Nested"], key: "c"), to: " spaced ")
        file.set(KConfigKeyPath(group: [], key: "top"), to: "t")
        let expected = """
            top=t
            # Written by hand; KConfig would drop this comment.
            [Zeta]
            key = new value   
            Title[de]=Titel
            Path[$e]=$HOME/new

            [Alpha]
            a=1
            b=2

            [New][Nested]
            c=\\sspaced\\s

            """
        #expect(String(decoding: file.bytes, as: UTF8.self) == expected)
        let removed = [
            file.remove(KConfigKeyPath(group: ["New", "Nested"], key: "c")),
            file.remove(KConfigKeyPath(group: ["Alpha"], key: "b")), file.remove(KConfigKeyPath(group: [], key: "top")),
            file.remove(KConfigKeyPath(group: ["Zeta"], key: "Title")),
        ]
        #expect(removed == [true, true, true, false], "a localized entry is not the key's")
        let edited = original.replacing("old value", with: "new value").replacing("$HOME/old", with: "$HOME/new")
        #expect(String(decoding: file.bytes, as: UTF8.self) == edited + "\n")
    }

    @Test func removingALastKeyTakesItsGroupAndNoOtherEmptyGroup() {
        var file = KConfigFile(bytes: Array("[Empty]\n\n[G]\nk=v\n\n[G]\nj=w\n[Z]\nz=1\n".utf8))
        file.remove(KConfigKeyPath(group: ["G"], key: "k"))
        file.remove(KConfigKeyPath(group: ["G"], key: "j"))
        #expect(String(decoding: file.bytes, as: UTF8.self) == "[Empty]\n\n[Z]\nz=1\n")
    }

    @Test func aDeletedEntryIsReplacedByTheValueWritten() {
        var file = KConfigFile(bytes: Array("[G]\nk[$d]\n".utf8))
        file.set(KConfigKeyPath(group: ["G"], key: "k"), to: "v")
        #expect(String(decoding: file.bytes, as: UTF8.self) == "[G]\nk=v\n")
    }

    @Test func theCascadeFollowsKConfigsRules() {
        var layer = KConfigLayer()
        layer.read(
            KConfigFile(bytes: Array("[A]\nfixed[$i]=system\nfree=system\n[B][$i]\nb=system\n".utf8)), source: "sys")
        layer.read(
            KConfigFile(bytes: Array("[A]\nfixed=user\nfree=user\n[B]\nb=user\nnew=user\n[C]\nc[$d]\n".utf8)),
            source: "user")
        #expect(layer.values[KConfigKeyPath(group: ["A"], key: "fixed")]?.raw == "system")
        #expect(layer.values[KConfigKeyPath(group: ["A"], key: "free")]?.raw == "user")
        #expect(layer.values[KConfigKeyPath(group: ["B"], key: "b")]?.raw == "system")
        #expect(layer.values[KConfigKeyPath(group: ["B"], key: "new")] == nil, "an immutable group is skipped whole")
        var locked = KConfigLayer()
        let first = locked.read(KConfigFile(bytes: Array("[$i]\n[A]\nx=1\n".utf8)), source: "sys")
        let second = locked.read(KConfigFile(bytes: Array("[A]\nx=2\n".utf8)), source: "user")
        #expect(!first && !second)
        #expect(locked.values[KConfigKeyPath(group: ["A"], key: "x")]?.raw == "1")
        #expect(locked.immutableFile == "sys")
    }

    @Test func expansionReadsVariablesAndNeverRunsACommand() {
        let environment = ["HOME": "/home/ada", "X_1": "one"]
        #expect(KConfigExpansion.expanded("$HOME/x", environment: environment) == "/home/ada/x")
        #expect(KConfigExpansion.expanded("${HOME}x", environment: environment) == "/home/adax")
        #expect(KConfigExpansion.expanded("$X_1-$UNSET.", environment: environment) == "one-.")
        #expect(KConfigExpansion.expanded("$$HOME", environment: environment) == "$HOME")
        #expect(KConfigExpansion.expanded("$(touch /tmp/pwned)", environment: environment) == "(touch /tmp/pwned)")
        #expect(KConfigExpansion.expanded("${HOME", environment: environment) == "/home/ada")
    }

    @Test func keyNamesRoundTrip() throws {
        let key = KConfigKeyPath(group: ["A/B", "In\\ner"], key: "x/y")
        #expect(key.name == #"A\/B/In\\ner/x\/y"#)
        #expect(KConfigKeyPath(name: key.name) == key)
        #expect(KConfigKeyPath(name: "Top") == KConfigKeyPath(group: [], key: "Top"))
        for invalid in ["", "A//b", "A/", #"A\x"#, #"ends\"#] { #expect(KConfigKeyPath(name: invalid) == nil) }
        #expect(key.notifiedGroup == "A/B\u{1D}In\\ner")
        #expect(KConfigKeyPath(group: [], key: "k").notifiedGroup == "<default>")
    }

    @Test func valuesAreTypedAsKConfigTypesThem() {
        for falsy in ["false", "No", "OFF", "0"] { #expect(KConfigValueType.bool.value(of: falsy) == .bool(false)) }
        #expect(KConfigValueType.bool.value(of: "yes") == .bool(true))
        #expect(KConfigValueType.int.value(of: "42") == .int(42))
        #expect(KConfigValueType.int.value(of: "forty") == .string("forty"))
        #expect(
            KConfigValueType.stringList.value(of: #"a\,b,c\\d,"#)
                == .array([.string("a,b"), .string(#"c\d"#), .string("")]))
        #expect(KConfigValueType.stringList.value(of: #"\0"#) == .array([.string("")]))
        #expect(KConfigValueType.stringList.value(of: "") == .array([]))
        #expect(KConfigValueType.stringList.text(of: .array([.string("a,b"), .string(#"c\d"#)])) == #"a\,b,c\\d"#)
        #expect(KConfigValueType.stringList.text(of: .array([.string("")])) == #"\0"#)
        #expect(KConfigValueType.intList.value(of: "1,2,3") == .array([.int(1), .int(2), .int(3)]))
        #expect(KConfigValueType.double.text(of: .double(2)) == "2")
        #expect(KConfigValueType.double.text(of: .double(0.1)) == "0.1")
        #expect(KConfigValueType.bool.text(of: .string("x")) == nil)
    }

    private func text(_ value: String, _ kind: KConfigEscaping.Kind) -> String {
        String(decoding: KConfigEscaping.escaped(value, as: kind), as: UTF8.self)
    }
}

/// Inputs the fuzzer found, kept: each once broke an invariant of ``KConfigFileChecks``.
@Suite(.needs(.kreadconfig5, .kwriteconfig5)) struct KConfigFuzzFindingsTests {
    @Test(arguments: [
        Array("[[$i}+nt\n[A]\n\n[A]\n\u{7F}=0".utf8),
        Array("a\\x3db=v\n[$i]\nk=v\n".utf8),
        Array("t]\n[$i]\nk=v\r\n[B]\n\r\nk=v".utf8),
    ])
    func theInvariantsHold(_ bytes: [UInt8]) {
        #expect(KConfigFileChecks.check(bytes) == nil)
    }
}
