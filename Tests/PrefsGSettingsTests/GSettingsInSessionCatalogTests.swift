import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@testable import PrefsGSettings

extension GSettingsInSession {
    /// The listing read from the files GSettings reads (``FilesCatalog``), which the editor's first frame and
    /// `prefs suites` use before GIO is loaded, against the listing through GIO and libdconf (``GIOCatalog``) on
    /// every installed schema, with user values, a value of the wrong type, an instance GNOME records, an instance a
    /// built-in pattern finds, a directory no schema describes, and the session's system database.
    @Suite struct CatalogTests {
        @Test func theFilesListWhatGIOLists() throws {
            try GSettingsChild.reset("/")
            try GSettingsChild.gsettings("set", "org.gnome.desktop.interface", "clock-format", "12h")
            try GSettingsChild.gsettings("set", "org.gnome.desktop.app-folders", "folder-children", "['Games', 'x']")
            try GSettingsChild.dconf("write", "/org/gnome/desktop/app-folders/folders/Games/name", "'Games'")
            try GSettingsChild.dconf("write", "/org/gnome/desktop/app-folders/folders/Other/name", "'Other'")
            try GSettingsChild.dconf("write", "/org/prefs/custom/count", "5")
            // A value of another type than the schema's is no user value to GSettings.
            try GSettingsChild.dconf("write", "/org/prefs/test/volume", "'loud'")

            let files = try #require(GSettingsFiles())
            let journal = try TemporaryDirectory()
            let store = GSettingsStore(journalDirectory: journal.url)
            let (read, asked) = (try FilesCatalog(files: files), try GIOCatalog(store: store))

            let ids = read.schemaIDs()
            #expect(Set(ids.fixed) == Set(asked.schemaIDs().fixed))
            #expect(Set(ids.relocatable) == Set(asked.schemaIDs().relocatable))
            #expect(ids.relocatable.contains("org.gnome.desktop.app-folders.folder"))
            for id in ids.fixed + ids.relocatable {
                #expect(read.path(ofSchema: id) == asked.path(ofSchema: id), "\(id)")
                #expect(read.keyNames(ofSchema: id)?.sorted() == asked.keyNames(ofSchema: id)?.sorted(), "\(id)")
            }
            for id in ids.fixed {
                #expect(read.holdsUserValue(suite: id) == asked.holdsUserValue(suite: id), "\(id)")
            }
            #expect(read.holdsUserValue(suite: "org.gnome.desktop.interface"))
            #expect(!read.holdsUserValue(suite: "org.prefs.test"))
            for list in RelocatableList.builtIn {
                #expect(
                    read.strings(ofSchema: list.parent, key: list.key)
                        == asked.strings(ofSchema: list.parent, key: list.key))
            }
            let instances = try store.findRelocatableInstances(in: read)
            #expect(instances == (try store.findRelocatableInstances(in: asked)))
            let directories = store.dconfDirectories(in: read)
            #expect(directories == store.dconfDirectories(in: asked))
            #expect(directories.contains("/org/prefs/custom/"))
            for directory in directories {
                #expect(Set(read.list(directory)) == Set(asked.list(directory)), "\(directory)")
                for key in read.list(directory) where !key.hasSuffix("/") {
                    #expect(read.userHolds(directory + key) == asked.userHolds(directory + key), "\(directory)\(key)")
                }
            }

            // The whole listing, as `prefs suites` and the editor's first frame give it.
            let listed = store.listSuites(in: read)
            #expect(listed == store.listSuites(in: asked))
            #expect(listed.contains("/org/prefs/custom/"))
            #expect(listed.contains("org.gnome.desktop.interface"))
            #expect(
                listed.contains("org.gnome.desktop.app-folders.folder:/org/gnome/desktop/app-folders/folders/Games/"))
            #expect(
                listed.contains("org.gnome.desktop.app-folders.folder:/org/gnome/desktop/app-folders/folders/Other/"))
            #expect(!listed.contains("org.prefs.test"))
        }
    }
}
