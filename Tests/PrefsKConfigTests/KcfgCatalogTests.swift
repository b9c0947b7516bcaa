import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@testable import PrefsKConfig

/// The `.kcfg` schemas: found by their `<kcfgfile>` tag, merged per file, and indexed once between runs.
@Suite struct KcfgCatalogTests {
    @Test func theIndexIsKeptBetweenRunsAndMadeAgainWhenAFolderChanges() throws {
        let home = try TemporaryDirectory()
        let data = home.url.appendingPathComponent("data/config.kcfg", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let environment = Self.environment(home)
        try kcfg("onerc", key: "A").write(to: data.appendingPathComponent("one.kcfg"))
        #expect(try KcfgCatalog(environment: environment).schemaSuites() == ["onerc"])
        let cache = home.url.appendingPathComponent("cache/prefs/kcfg-index")
        let kept = try String(contentsOf: cache, encoding: .utf8)
        #expect(kept.contains("F\t\(data.path)/one.kcfg\tonerc\t") && kept.hasSuffix("end\n"), "\(kept)")
        // The next run reads the index, not the files: one it lists is believed.
        try Data(kept.replacing("\tonerc\t", with: "\tfromcacherc\t").utf8).write(to: cache)
        #expect(try KcfgCatalog(environment: environment).schemaSuites() == ["fromcacherc"])
        // A package adds a schema: the folder changes, and the next run scans it again.
        try kcfg("tworc", key: "B").write(to: data.appendingPathComponent("two.kcfg"))
        let catalog = KcfgCatalog(environment: environment)
        #expect(try catalog.schemaSuites() == ["onerc", "tworc"])
        #expect(try catalog.schema(for: "tworc")?.entries.map(\.id) == ["General/B"])
        // A damaged index is ignored, and made again.
        try Data("prefs kcfg index 1\nD\tcut short".utf8).write(to: cache)
        #expect(try KcfgCatalog(environment: environment).schemaSuites() == ["onerc", "tworc"])
        #expect(try String(contentsOf: cache, encoding: .utf8).hasSuffix("end\n"))
    }

    /// A `.kcfg` rewritten in place, its folder's time kept (as `cp` over it or an editor saving in place leaves it),
    /// is read again: the index must not hide a `Password` entry it now declares.
    @Test func aKcfgRewrittenInPlaceIsReadAgainThoughItsFolderIsUnchanged() throws {
        let home = try TemporaryDirectory()
        let data = home.url.appendingPathComponent("data/config.kcfg", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let environment = Self.environment(home)
        let file = data.appendingPathComponent("app.kcfg")
        try kcfg("otherrc", key: "Token").write(to: file)
        #expect(try KcfgCatalog(environment: environment).schema(for: "apprc") == nil)
        let folderTime = try FileManager.default.attributesOfItem(atPath: data.path)[.modificationDate]
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: kcfg("apprc", key: "Token", type: "Password"))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: folderTime as Any], ofItemAtPath: data.path)
        let schema = try KcfgCatalog(environment: environment).schema(for: "apprc")
        #expect(schema?["General/Token"]?.isSecret == true)
    }

    @Test func schemasOfOneFileAreMergedAndAnUnreadableOneIsNamed() throws {
        let home = try TemporaryDirectory()
        let data = home.url.appendingPathComponent("data/config.kcfg", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let environment = Self.environment(home)
        try kcfg("apprc", key: "A").write(to: data.appendingPathComponent("a.kcfg"))
        try kcfg("apprc", key: "B").write(to: data.appendingPathComponent("b.kcfg"))
        #expect(
            try KcfgCatalog(environment: environment).schema(for: "apprc")?.entries.map(\.id) == [
                "General/A", "General/B",
            ])
        // KDE reads a file whose schema is damaged: so does prefs, untyped.
        try Data("<?xml version=\"1.0\"?><kcfg><kcfgfile name=\"brokenrc\"/><group name=\"G\"><entry".utf8)
            .write(to: data.appendingPathComponent("broken.kcfg"))
        #expect(try KcfgCatalog(environment: environment).schema(for: "brokenrc") == nil)
        // Unless the damaged schema may declare a secret, whose value would show untyped.
        try Data(
            "<?xml version=\"1.0\"?><kcfg><kcfgfile name=\"vaultrc\"/><group name=\"G\"><entry type=\"Password\"".utf8
        ).write(to: data.appendingPathComponent("vault.kcfg"))
        #expect {
            try KcfgCatalog(environment: environment).schema(for: "vaultrc")
        } throws: { error in
            "\(error)".contains("vault.kcfg") && "\(error)".contains("cannot read the KConfigXT schema")
                && "\(error)".contains("Password")
        }
    }

    /// A doctype, with an internal subset whose entities are never expanded, is skipped as XML skips it.
    @Test func aKcfgWithADoctypeIsRead() throws {
        let home = try TemporaryDirectory()
        let data = home.url.appendingPathComponent("data/config.kcfg", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE kcfg SYSTEM "http://www.kde.org/standards/kcfg/1.0/kcfg.dtd" [
              <!ENTITY lol "lol>lol">
            ]>
            <kcfg xmlns="http://www.kde.org/standards/kcfg/1.0">
              <kcfgfile name="doctyperc"/>
              <group name="General"><entry name="Token" type="Password"/></group>
            </kcfg>
            """
        try Data(text.utf8).write(to: data.appendingPathComponent("doctype.kcfg"))
        let schema = try KcfgCatalog(environment: Self.environment(home)).schema(for: "doctyperc")
        #expect(schema?["General/Token"]?.isSecret == true)
    }

    /// A home's data and cache folders alone: no schema of the machine's.
    private static func environment(_ home: TemporaryDirectory) -> [String: String] {
        [
            "HOME": home.url.path, "XDG_DATA_HOME": home.url.appendingPathComponent("data").path,
            "XDG_DATA_DIRS": home.url.appendingPathComponent("none").path,
            "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path,
        ]
    }

    private func kcfg(_ suite: String, key: String, type: String = "String") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <kcfg xmlns="http://www.kde.org/standards/kcfg/1.0">
              <kcfgfile name="\(suite)"/>
              <group name="General"><entry name="\(key)" type="\(type)"><default>x</default></entry></group>
            </kcfg>
            """.utf8)
    }
}
