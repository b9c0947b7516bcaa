import Foundation
import PrefsTestHelpers
import Testing

/// A `.kcfg` types the keys it declares and forbids none: the file it names holds keys of other components, which
/// kwriteconfig5 writes as freely.
@Suite(.needs(.kreadconfig5, .kwriteconfig5), .threadOfItsOwn) struct KConfigPartialSchemaTests {
    /// The scope's `typedrc`, holding `General/Count` 7, with the tests' `.kcfg` installed.
    private static func typedSuite() throws -> KDEFixture {
        let kde = try KDEFixture()
        try kde.installSchema("interop.kcfg")
        try kde.write("typedrc", "[General]\nCount=7\n")
        return kde
    }

    @Test func aKeyTheKcfgDoesNotDeclareIsWrittenAsKwriteconfig5WritesIt() throws {
        let kde = try Self.typedSuite()
        let written = kde.run("write", "typedrc", "Window State/Height", "480")
        #expect(written.status == 0, "\(written.error)")
        #expect(written.error.isEmpty, "no key is near: nothing to say")
        #expect(try kde.kread("typedrc", groups: ["Window State"], key: "Height") == "480")
        // A declared key is still typed by the schema.
        let refused = kde.run("write", "typedrc", "General/Count", "101")
        #expect(refused.status == 1)
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Count") == "7", "nothing was written")
    }

    @Test func anUndeclaredKeyNearADeclaredOneIsWrittenWithDidYouMean() throws {
        let kde = try Self.typedSuite()
        let near = kde.run("write", "typedrc", "General/Counts", "5")
        #expect(near.status == 0, "\(near.error)")
        #expect(
            near.error
                == #"key "General/Counts" is not in the schema of suite "typedrc", written as it is; "#
                + #"did you mean "General/Count"?"# + "\n")
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Counts") == "5")
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Count") == "7", "the declared key is untouched")
    }
}

/// A `.kcfg` that cannot be read leaves its file readable, as KDE reads it, with one line saying why.
@Suite(.needs(.kreadconfig5, .kwriteconfig5), .threadOfItsOwn) struct KConfigUnreadableSchemaTests {
    @Test func aFileWhoseKcfgCannotBeReadIsReadUntypedSayingWhy() throws {
        let kde = try KDEFixture()
        let folder = kde.prefs.home.url.appendingPathComponent("data/config.kcfg", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<?xml version=\"1.0\"?><kcfg><kcfgfile name=\"apprc\"/><group name=\"G\"><entry".utf8)
            .write(to: folder.appendingPathComponent("app.kcfg"))
        try kde.write("apprc", "[G]\nk=v\n")
        // Spawned: the warning is the library's, logged to the process's standard error.
        let read = try kde.prefs.spawn(
            ["--store", "kconfig", "read", "apprc", "G/k"], extraEnvironment: kde.environment)
        #expect(read.status == 0)
        #expect(read.output == "v\n")
        #expect(read.error.hasPrefix("prefs: warning: cannot read the KConfigXT schema "), "\(read.error)")
        #expect(read.error.hasSuffix("; apprc is read without it\n"), "\(read.error)")
    }
}
