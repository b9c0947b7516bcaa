import Foundation
import PrefsCore
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

@testable import PrefsQSettings

/// A QSettings file as a suite: written through the kit's journaled write under Qt's own lock, read back by Qt, and
/// shared with a Qt process writing at the same time, nothing lost.
@Suite(.needs(.pyqt5)) struct QSettingsSuiteTests {
    struct Home {
        let folder: TemporaryDirectory
        let store: QSettingsStore

        init() throws {
            folder = try TemporaryDirectory()
            store = QSettingsStore(
                directory: folder.url.appendingPathComponent("config"),
                journalDirectory: folder.url.appendingPathComponent("journal"))
        }

        func file(_ name: String) -> URL { folder.url.appendingPathComponent("config/\(name).conf") }
    }

    @Test func writesAreReadByQtWithTheirTypesKept() throws {
        let home = try Home()
        let file = home.file("Example/Notes")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try QtSettings.write(
            file,
            #"{"window/size": {"size": [640, 480]}, "font": {"string": "Sans,10"}, "recent": {"stringlist": ["a", "b"]}}"#
        )
        let suite = try home.store.suite("Example/Notes")
        #expect(suite.primitiveValue(forKey: "window/size") == .dictionary(["width": .int(640), "height": .int(480)]))
        try suite.commit([
            "window/size": .dictionary(["width": .int(800), "height": .int(600)]), "recent": .array([.string("c")]),
            "zoom": .int(3), "font": nil,
        ])
        let qt = try QtSettings.read(file)
        #expect(qt["window/size"] as? NSDictionary == ["size": [800, 600]])
        #expect(qt["recent"] as? NSDictionary == ["list": [["string": "c"]]])
        #expect(qt["zoom"] as? NSDictionary == ["string": "3"])
        #expect(qt["font"] == nil)
        #expect(suite.history(key: nil, limit: nil).map(\.key).sorted() == ["font", "recent", "window/size", "zoom"])
        // A size is written only as a size.
        #expect(throws: QSettingsStoreError.self) { try suite.commit(["window/size": .string("big")]) }
        #expect(try QtSettings.read(file)["window/size"] as? NSDictionary == ["size": [800, 600]])
    }

    /// prefs and a Qt app saving the same file at once, each 150 times: every save of each is in the file.
    @Test func prefsAndQtSavingAtOnceLoseNothing() async throws {
        let home = try Home()
        let file = home.file("Shared")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let qt = try RunningChild("/usr/bin/python3", [QtSettings.script.path, "hammer", file.path, "150", "qt"])
        let suite = try home.store.suite("Shared")
        for index in 0..<150 { try suite.commit(["prefs/k\(index)": .int(index)]) }
        #expect(qt.wait() == 0)
        let read = try QtSettings.read(file)
        for index in 0..<150 {
            #expect(
                read["qt/k\(index)"] as? NSDictionary == ["int": index]
                    || read["qt/k\(index)"] as? NSDictionary == ["string": "\(index)"], "qt/k\(index)")
            #expect(read["prefs/k\(index)"] as? NSDictionary == ["string": "\(index)"], "prefs/k\(index)")
        }
        #expect(read.count == 300)
    }
}

extension QSettingsSuiteTests {
    /// The files listed are those Qt writes (a section, every line read); a Qt app's save is heard with its old value.
    @Test func qtFilesAreListedAndAQtSaveIsHeard() throws {
        let home = try Home()
        let config = home.folder.url.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("Org"), withIntermediateDirectories: true)
        try QtSettings.write(home.file("Org/App"), #"{"theme": {"string": "dark"}}"#)
        try QtSettings.write(home.file("Solo"), #"{"grp/x": {"int": 1}}"#)
        // Other programs' .conf files: a key = value list with no section, XML, a line Qt skips.
        try Data("autospawn = yes\n".utf8).write(to: home.file("pulse-like"))
        try Data("<?xml version=\"1.0\"?>\n<fontconfig/>\n".utf8).write(to: home.file("fonts"))
        try Data("[General]\nnot a pair\n".utf8).write(to: home.file("Org/Broken"))
        #expect(try home.store.listSuites() == ["Org/App", "Solo"])

        let heard = Mutex<[PersistentKeyValueChange]>([])
        let observation = home.store.addObserver { changes in heard.withLock { $0 += changes } }
        let watch = try home.store.startWatching()
        try QtSettings.write(home.file("Org/App"), #"{"theme": {"string": "light"}}"#)
        #expect(eventually { !heard.withLock { $0.isEmpty } })
        withExtendedLifetime((observation, watch)) {
            let changes = heard.withLock { $0 }
            #expect(changes.map(\.key) == ["theme"])
            #expect(changes.first?.suite == "Org/App")
            #expect(changes.first?.oldValue == .string("dark"))
            #expect(changes.first?.newValue == .string("light"))
        }
    }
}
