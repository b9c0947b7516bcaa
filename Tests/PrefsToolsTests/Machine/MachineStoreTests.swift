import Foundation
import PrefsCore
import PrefsFileStore
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Synchronization
import Testing

/// The machine's stores as one: each suite named `STORE:SUITE`, and each the store's own suite, read, written and
/// watched through it.
@Suite struct MachineStoreTests {
    /// Two stores of suite files, as `files` and `kconfig` stand for themselves in the machine.
    private struct TwoStores {
        let folder: TemporaryDirectory
        let first: FileStore
        let second: FileStore
        let machine: MachineStore

        init() throws {
            let folder = try TemporaryDirectory(prefix: "machine")
            self.folder = folder
            let store = { (name: String) in
                try FileStore(
                    directory: folder.url.appendingPathComponent(name),
                    journalDirectory: folder.url
                        .appendingPathComponent("journal-\(name)"), launchArguments: .none, systemDirectories: [])
            }
            first = try store("first")
            second = try store("second")
            machine = MachineStore(members: [
                MachineStore.Member(word: "one", summary: "first", store: first, schemas: first.schemaSource),
                MachineStore.Member(word: "two", summary: "second", store: second, schemas: second.schemaSource),
            ])
        }
    }

    @Test func suitesAreNamedByTheirStoreAndAreThatStoresOwn() throws {
        let stores = try TwoStores()
        try stores.first.suite("app").setPrimitiveValue(.string("dark"), forKey: "theme")
        try stores.second.suite("app").setPrimitiveValue(.int(2), forKey: "clicks")
        #expect(try stores.machine.listSuites() == ["one:app", "two:app"])
        #expect(try stores.machine.anySuite("two:app").primitiveValue(forKey: "clicks") == .int(2))
        // A write through the machine lands in its own store only.
        try stores.machine.anySuite("one:app").transactions?.commit(["theme": .string("light")])
        #expect(try stores.first.suite("app").primitiveValue(forKey: "theme") == .string("light"))
        #expect(try stores.second.suite("app").primitiveValue(forKey: "theme") == nil)
    }

    @Test func aNameWithoutAStoreOrWithAnotherMachinesStoreIsRefusedSayingHowToNameOne() throws {
        let stores = try TwoStores()
        #expect(
            MachineSuiteName("gsettings:org.gnome.x:/a/b/")
                == MachineSuiteName(store: "gsettings", suite: "org.gnome.x:/a/b/"))
        #expect(MachineSuiteName(":app") == nil && MachineSuiteName("app") == nil)
        let bare = #expect(throws: PersistentKeyValueStoreError.self) { try stores.machine.anySuite("app") }
        #expect(bare?.description.contains("STORE:SUITE, STORE one of one, two") == true, "\(String(describing: bare))")
        let unknown = #expect(throws: PersistentKeyValueStoreError.self) {
            try stores.machine.checkSuiteName("xfconf:x")
        }
        #expect(unknown?.description.contains("no store \"xfconf\" on this machine (it has one, two)") == true)
    }

    @Test func changesArriveNamedAsTheMachineNamesThem() throws {
        let stores = try TwoStores()
        let seen = Mutex<[String]>([])
        let observation = stores.machine.addObserver(
            { changes in
                seen.withLock { $0 += changes.map { "\($0.suite ?? "")/\($0.key)" } }
            }, onProblem: nil)
        defer { observation.cancel() }
        try stores.second.suite("app").setPrimitiveValue(.int(3), forKey: "clicks")
        try stores.first.suite("other").setPrimitiveValue(.bool(true), forKey: "on")
        #expect(eventually { seen.withLock { Set($0) } == ["two:app/clicks", "one:other/on"] })
        // Only some suites: the other store's changes are not delivered.
        let some = Mutex<[String]>([])
        let narrow = stores.machine.addObserver(
            ofSuites: ["one:other"],
            { changes in
                some.withLock { $0 += changes.map { "\($0.suite ?? "")/\($0.key)" } }
            }, onProblem: nil)
        defer { narrow.cancel() }
        try stores.second.suite("app").setPrimitiveValue(.int(4), forKey: "clicks")
        try stores.first.suite("other").setPrimitiveValue(.bool(false), forKey: "on")
        #expect(eventually { some.withLock { $0 } == ["one:other/on"] })
    }

    @Test func schemasAreNamedByTheirStore() throws {
        let stores = try TwoStores()
        let manifest = Data(SchemaFixtures.app.utf8)
        try stores.machine.schemaSource.installSchema(manifest, suite: "two:app")
        #expect(try stores.machine.schemaSource.schemaSuites() == ["two:app"])
        #expect(
            try stores.machine.schemaSource.schema(for: "two:app")?.entries.map(\.id) == [
                "theme", "fontScale", "since",
            ])
        #expect(try stores.machine.schemaSource.schema(for: "one:app") == nil)
        #expect(throws: PreferenceSchemaSourceError.self) {
            try stores.machine.schemaSource.installSchema(manifest, suite: nil)
        }
    }
}
