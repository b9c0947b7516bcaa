import Foundation
import PrefsTestHelpers
import Testing

/// `prefs --store kconfig` against KDE's own `kreadconfig5` and `kwriteconfig5`: what one writes, the other reads,
/// byte for byte where KConfig's spelling is fixed.
@Suite(.needs(.kreadconfig5, .kwriteconfig5)) struct KConfigInteropTests {
    /// Values that need every escape KConfig has, and keys that need theirs.
    static let values: [(key: String, value: String)] = [
        ("plain", "plain text"),
        ("spaces", "  lead and trail  "),
        ("controls", "tab\there\nline\rreturn\u{1}\u{7F}"),
        ("backslash", #"C:\path\to"#),
        ("brackets", "x = [y] ; z"),
        ("unicode", "é ü 日本 🎉"),
        ("a=b[c]", "key with = and brackets"),
        ("empty", ""),
        ("dollar", "$HOME stays"),
        ("commas", #"a,b\,c"#),
    ]

    @Test func whatKwriteconfigWritesPrefsReads() throws {
        let kde = try KDEFixture()
        for (key, value) in Self.values { try kde.kwrite("interoprc", groups: ["Group"], key: key, value) }
        for (key, value) in Self.values {
            #expect(try kde.read("interoprc", "Group/\(key)") == value, "\(key)")
        }
    }

    @Test func whatPrefsWritesKreadconfigReadsAndSpellsAsKwriteconfig() throws {
        let kde = try KDEFixture()
        // Tab and line feed; the other controls are refused by every write of prefs (ValueText.checkPrintable).
        let printable = Self.values.map { ($0.key, $0.value.filter { !"\r\u{1}\u{7F}".contains($0) }) }
        for (key, value) in printable {
            let result = kde.run("write", "ours-rc", "Group/\(key)", value)
            #expect(result.status == 0, "\(key): \(result.error)")
            #expect(try kde.kread("ours-rc", groups: ["Group"], key: key) == value, "\(key)")
            // The same key and value, one at a time, in a file of each: the same bytes.
            try? FileManager.default.removeItem(at: kde.url("one-ours-rc"))
            try? FileManager.default.removeItem(at: kde.url("one-kde-rc"))
            #expect(kde.run("write", "one-ours-rc", "Group/\(key)", value).status == 0)
            try kde.kwrite("one-kde-rc", groups: ["Group"], key: key, value)
            #expect(kde.text("one-ours-rc") == kde.text("one-kde-rc"), "\(key)")
        }
    }

    @Test func nestedGroupsAndTheDefaultGroupMapToPaths() throws {
        let kde = try KDEFixture()
        try kde.kwrite("nestrc", groups: ["Outer", "Inner"], key: "deep", "1")
        try kde.kwrite("nestrc", groups: ["<default>"], key: "top", "2")
        try kde.kwrite("nestrc", groups: ["With/Slash"], key: #"back\slash"#, "3")
        #expect(try kde.read("nestrc", "Outer/Inner/deep") == "1")
        #expect(try kde.read("nestrc", "top") == "2")
        #expect(try kde.read("nestrc", #"With\/Slash/back\\slash"#) == "3")
        #expect(kde.run("write", "nestrc", "A/B/C/key", "v").status == 0)
        #expect(try kde.kread("nestrc", groups: ["A", "B", "C"], key: "key") == "v")
        #expect(kde.text("nestrc")?.contains("[A][B][C]\nkey=v\n") == true)
    }

    @Test func anImmutableSystemCopyWinsAndRefusesWrites() throws {
        let kde = try KDEFixture()
        try kde.writeSystem(
            "lockedrc", "[General]\nfixed[$i]=from the system\nfree=system default\n[Kiosk][$i]\nall=system\n")
        try kde.write("lockedrc", "[General]\nfixed=mine\n")
        #expect(try kde.kread("lockedrc", groups: ["General"], key: "fixed") == "from the system")
        #expect(try kde.read("lockedrc", "General/fixed") == "from the system")
        #expect(try kde.read("lockedrc", "General/free") == "system default")
        let before = kde.text("lockedrc")
        for key in ["General/fixed", "Kiosk/all", "Kiosk/new"] {
            let refused = kde.run("write", "lockedrc", key, "x")
            #expect(refused.status != 0, "\(key)")
            #expect(refused.error.contains("locked by") && refused.error.contains("[$i]"), "\(refused.error)")
        }
        #expect(kde.text("lockedrc") == before, "a refused write writes nothing")
        #expect(kde.run("write", "lockedrc", "General/free", "mine").status == 0)
        #expect(try kde.kread("lockedrc", groups: ["General"], key: "free") == "mine")
        // A whole file made immutable by its first line.
        try kde.writeSystem("kioskrc", "[$i]\n[General]\nx=1\n")
        let refused = kde.run("write", "kioskrc", "General/other", "2")
        #expect(refused.status != 0 && refused.error.contains("locked by"), "\(refused.error)")
        #expect(kde.text("kioskrc") == nil)
    }

    @Test func aDeletionMarkHidesTheSystemValue() throws {
        let kde = try KDEFixture()
        try kde.writeSystem("deletedrc", "[G]\nk=system\n")
        try kde.write("deletedrc", "[G]\nk[$d]\n")
        #expect(try kde.kread("deletedrc", groups: ["G"], key: "k") == "")
        #expect(kde.run("read", "deletedrc", "G/k").status != 0, "it reads as unset, as KDE reads it")
        #expect(kde.run("write", "deletedrc", "G/k", "mine").status == 0)
        #expect(kde.text("deletedrc") == "[G]\nk=mine\n")
        #expect(try kde.kread("deletedrc", groups: ["G"], key: "k") == "mine")
    }

    @Test func expandedValuesStayVariablesWhenWritten() throws {
        let kde = try KDEFixture()
        let home = kde.environment["HOME"] ?? ""
        try kde.write("pathsrc", "[Paths]\nDocs[$e]=$HOME/Documents\nOther=x\n")
        #expect(try kde.kread("pathsrc", groups: ["Paths"], key: "Docs") == home + "/Documents")
        #expect(try kde.read("pathsrc", "Paths/Docs") == home + "/Documents")
        #expect(kde.run("write", "pathsrc", "Paths/Other", "y").status == 0)
        #expect(kde.text("pathsrc") == "[Paths]\nDocs[$e]=$HOME/Documents\nOther=y\n")
        #expect(kde.run("write", "pathsrc", "Paths/Docs", "${HOME}/Papers").status == 0)
        #expect(kde.text("pathsrc") == "[Paths]\nDocs[$e]=${HOME}/Papers\nOther=y\n")
        #expect(try kde.kread("pathsrc", groups: ["Paths"], key: "Docs") == home + "/Papers")
        // Undo puts the variable back, not what it expanded to.
        let undo = kde.run("undo", "pathsrc")
        #expect(undo.status == 0, "\(undo.error)")
        #expect(kde.text("pathsrc") == "[Paths]\nDocs[$e]=$HOME/Documents\nOther=y\n")
    }

    @Test func commentsLocalizedEntriesAndOrderSurviveAWrite() throws {
        let kde = try KDEFixture()
        let original = """
            # Hand-written settings
            [Zed]
            Name=English
            Name[de]=Deutsch
            ; not a comment to KConfig, kept all the same

            [Alpha]
            one=1

            """
        try kde.write("keptrc", original)
        #expect(kde.run("write", "keptrc", "Zed/Name", "Changed").status == 0)
        #expect(kde.text("keptrc") == original.replacing("Name=English", with: "Name=Changed"))
        #expect(try kde.kread("keptrc", groups: ["Zed"], key: "Name") == "Changed")
        #expect(
            try kde.kread("keptrc", groups: ["Zed"], key: "Name", extra: ["LANGUAGE": "de", "LANG": "de_DE.UTF-8"])
                == "Deutsch")
    }

    @Test func typedKeysAreSpelledAsKConfigSpellsThem() throws {
        let kde = try KDEFixture()
        try kde.installSchema("interop.kcfg")
        try kde.kwrite("typedrc", groups: ["General"], key: "Enabled", "false", type: "bool")
        #expect(kde.run("read", "--json", "typedrc", "General/Enabled").output == "false\n")
        #expect(kde.run("write", "typedrc", "General/Enabled", "true").status == 0)
        #expect(try kde.kreadBool("typedrc", groups: ["General"], key: "Enabled") == true)
        #expect(kde.run("write", "typedrc", "General/Count", "12").status == 0)
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Count") == "12")
        let outside = kde.run("write", "typedrc", "General/Count", "1000")
        #expect(outside.status != 0 && outside.error.contains("range"), "\(outside.error)")
        #expect(kde.run("write", "typedrc", "General/Names", #"["a,b", "c"]"#).status == 0)
        #expect(kde.text("typedrc")?.contains(#"Names=a\\,b,c"#) == true, "\(kde.text("typedrc") ?? "")")
        #expect(kde.run("read", "--json", "typedrc", "General/Names").output == #"["a,b","c"]"# + "\n")
        let choice = kde.run("write", "typedrc", "General/Mode", "Tree")
        #expect(choice.status != 0 && choice.error.contains("Details"), "\(choice.error)")
    }
}
