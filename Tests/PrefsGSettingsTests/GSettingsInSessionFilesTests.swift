import Foundation
import PrefsCore
import PrefsGLib
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@testable import PrefsGSettings

extension GSettingsInSession {
    /// The files GSettings reads, read without GIO (``GSettingsFiles``), against GIO itself on every key of every
    /// schema installed: Debian's desktop schemas and the test schemas, with values of every type set, one of the
    /// wrong type, one out of range, and the session's system database with its locks.
    @Suite struct FilesTests {
        @Test func theFilesReadWhatGIOReadsOnEveryInstalledKey() throws {
            try GSettingsChild.reset("/")
            let settings: [(String, String, String)] = [
                ("org.gnome.desktop.interface", "clock-format", "12h"),
                ("org.gnome.desktop.interface", "text-scaling-factor", "1.25"),
                ("org.prefs.test", "volume", "42"), ("org.prefs.test", "scale", "1.5"),
                ("org.prefs.test", "enabled", "false"), ("org.prefs.test", "tags", "['a', 'b']"),
                ("org.prefs.test", "labels", "{'k': 'v'}"), ("org.prefs.test", "extras", "{'n': <uint32 5>}"),
                ("org.prefs.test", "big", "uint64 18446744073709551615"), ("org.prefs.test", "short", "int16 -3"),
                ("org.prefs.test", "blob", "b'hi'"), ("org.prefs.test", "position", "(3, -4)"),
                ("org.prefs.test", "clock-format", "'12h'"), ("org.prefs.test", "nickname", "@ms 'ada'"),
            ]
            for (schema, key, value) in settings { try GSettingsChild.gsettings("set", schema, key, value) }
            // GSettings ignores a value of another type, and one outside the key's range or choices.
            try GSettingsChild.dconf("write", "/org/prefs/test/name", "5")
            try GSettingsChild.dconf("write", "/org/prefs/test/mode", "'not a choice'")

            let files = try #require(GSettingsFiles())
            let journal = try TemporaryDirectory()
            let store = GSettingsStore(journalDirectory: journal.url)
            #expect(Set(files.schemas.schemaIDs.fixed) == Set(try GIOCatalog(store: store).schemaIDs().fixed))
            var (keys, answered) = (0, 0)
            for id in try store.schemaIDs() {
                let schema = try #require(files.schemas.schema(id))
                let view = SchemaFiles(schema: schema, path: try #require(schema.path), files: files)
                let gio = try store.settings(id)
                let suite = try store.suite(id)
                try GIOLock.run {
                    #expect(view.keyNames == gio.schema.keyNames.sorted(), "\(id)")
                    for key in view.keyNames {
                        keys += 1
                        let expected = gio.userValue(key).map(VariantConversion.value(of:))
                        if case .success(let value) = Result(catching: { try view.userValue(key) }) {
                            answered += 1
                            #expect(value == expected, "\(id) \(key)")
                        }
                        #expect(try view.isWritable(key) == gio.isWritable(key), "\(id) \(key)")
                    }
                    if let layers = try? view.systemLayers(
                        source: GSettingsSuite.systemSource, lockSource: GSettingsSuite.lockSource)
                    {
                        #expect(layers == suite.readSystemLayers(), "\(id)")
                    }
                    if let entries = try? view.entries(documentation: { _, _ in (nil, nil) }) {
                        for entry in entries {
                            let own = try #require(
                                gio.schema.key(entry.id)?.entry(effectiveDefault: gio.defaultValue(entry.id)))
                            #expect(entry.typeName == own.typeName, "\(id) \(entry.id)")
                            #expect(entry.kind == own.kind, "\(id) \(entry.id)")
                            #expect(entry.defaultValue == own.defaultValue, "\(id) \(entry.id)")
                            #expect(entry.choices == own.choices, "\(id) \(entry.id)")
                            #expect(entry.range == own.range, "\(id) \(entry.id)")
                        }
                    }
                }
            }
            // Every key but those GIO shows as GVariant text, or holding a value GLib corrects, reads from the files.
            #expect(keys > 300)
            #expect(Double(answered) >= 0.95 * Double(keys), "\(answered) of \(keys)")
        }
    }
}
