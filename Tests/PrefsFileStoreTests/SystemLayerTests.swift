import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// System layers and locks of the file store, in real temporary folders: `<suite>.plist` and `<suite>.locks` in the
/// store's system folders, read beneath the user's values, refused to writers, and watched.
@Suite(.threadOfItsOwn) struct SystemLayerTests {
    static let proxy = PersistentKey<String>("proxy", defaultValue: "none")
    static let theme = PersistentKey<String>("theme", defaultValue: "light")
    static let size = PersistentKey<Int>("size", defaultValue: 12)

    /// A store reading system layers from the scope's `system/` folder and from a second folder after it.
    struct Layered {
        let scope: ScopedFileStore
        let second: TemporaryDirectory
        let store: FileStore

        init() throws {
            scope = try ScopedFileStore(watching: false, systemLayers: true)
            second = try TemporaryDirectory(prefix: "prefs-system-2")
            store = try FileStore(
                directory: scope.configDirectory, journalDirectory: scope.store.journalDirectory,
                launchArguments: .none, systemDirectories: [scope.systemDirectory, second.url])
        }

        func layer(_ values: [String: Any], in folder: URL? = nil, suite: String = "app") throws {
            let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
            try replace(data, at: (folder ?? scope.systemDirectory).appendingPathComponent("\(suite).plist"))
        }

        func locks(_ text: String, in folder: URL? = nil, suite: String = "app") throws {
            try replace(Data(text.utf8), at: (folder ?? scope.systemDirectory).appendingPathComponent("\(suite).locks"))
        }

        /// Writes as an administrator's tools do, by renaming a finished file into place.
        private func replace(_ data: Data, at url: URL) throws {
            try data.write(to: url, options: .atomic)
        }
    }

    @Test func aReadTakesTheLockThenTheUserThenTheFirstLayerThenTheDefault() throws {
        let layered = try Layered()
        try layered.layer(["theme": "dark", "size": 14, "proxy": "http://corp:3128"])
        try layered.layer(["theme": "solarized", "size": 20, "extra": true], in: layered.second.url)
        try layered.locks("proxy  # the network team's\n")
        let suite = try layered.store.suite("app")

        #expect(suite.get(Self.theme) == "dark", "the first folder wins")
        #expect(suite.inspect(Self.theme).source == .system(layered.scope.systemDirectory.path + "/app.plist"))
        #expect(suite.effectiveValue(forKey: "extra").value == .bool(true), "a later folder fills what the first lacks")
        #expect(suite.inspect(Self.size).value == 14)

        suite.set(Self.theme, to: "high-contrast")
        #expect(suite.get(Self.theme) == "high-contrast")
        #expect(suite.inspect(Self.theme).source == .user)
        suite.remove(Self.theme)
        #expect(
            suite.get(Self.theme) == "dark", "removing the user's value falls back to the system's, not the default")

        #expect(suite.get(Self.proxy) == "http://corp:3128")
        #expect(suite.inspect(Self.proxy).source == .locked(by: layered.scope.systemDirectory.path + "/app.locks"))
        #expect(suite.get(PersistentKey<String>("unset", defaultValue: "d")) == "d")
        #expect(suite.inspect(PersistentKey<String>("unset", defaultValue: "d")).source == .default)
        #expect(suite.primitiveValues().isEmpty, "layers are never copied into the user's values")
    }

    @Test func aWriteRemovalOrImportTouchingALockedKeyIsRefusedNamingTheLockAndWritesNothing() throws {
        let layered = try Layered()
        try layered.layer(["proxy": "http://corp:3128"])
        try layered.locks("# fixed\nproxy\n")
        let suite = try layered.store.suite("app")
        try suite.setPrimitiveValue(.string("mine"), forKey: "theme")
        let file = layered.scope.configDirectory.appendingPathComponent("app.plist")
        let before = try Data(contentsOf: file)

        for changes: [String: PropertyListValue?] in [
            ["proxy": .string("http://other")], ["proxy": nil], ["proxy": .string("x"), "theme": .string("dark")],
        ] {
            let error = #expect(throws: PersistentKeyValueStoreError.self) { try suite.setPrimitiveValues(changes) }
            #expect(error?.reason == .locked)
            #expect(ErrorCode(of: try #require(error)) == .lockedKey)
            #expect(error?.message.contains(layered.scope.systemDirectory.path + "/app.locks") == true)
            #expect(error?.message.contains("\n") == false)
        }
        #expect(try Data(contentsOf: file) == before, "nothing was written, not even the unlocked key")
        #expect(suite.readOnlyReason(forKey: "proxy") == "locked by \(layered.scope.systemDirectory.path)/app.locks")
        #expect(suite.readOnlyReason(forKey: "theme") == nil)

        try layered.locks("*\n")
        #expect(throws: PersistentKeyValueStoreError.self) { try suite.setPrimitiveValue(.int(1), forKey: "any") }
        #expect(try Data(contentsOf: file) == before, "a lock added after the suite opened is read before the write")
    }

    @Test func aUserValueAnotherProgramWritesUnderALockIsIgnored() throws {
        let layered = try Layered()
        try layered.layer(["proxy": "http://corp:3128"])
        try layered.locks("proxy\n")
        let file = layered.scope.configDirectory.appendingPathComponent("app.plist")
        // Python's plistlib, a writer that knows nothing of locks, puts a value of its own under the locked key.
        let script = "import plistlib,sys; plistlib.dump({'proxy': 'sneaky', 'theme': 'dark'}, open(sys.argv[1], 'wb'))"
        #expect(try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, file.path]).status == 0)
        let suite = try layered.store.suite("app")
        #expect(suite.primitiveValue(forKey: "proxy") == .string("sneaky"), "the user's file is read as it is")
        #expect(suite.get(Self.proxy) == "http://corp:3128", "but a read gives the system's value")
        #expect(suite.get(Self.theme) == "dark")
    }

    @Test func aLockFileThatCannotBeReadLocksTheWholeSuiteAndSaysWhy() throws {
        let layered = try Layered()
        let notUTF8 = layered.scope.systemDirectory.appendingPathComponent("app.locks")
        try Data([0x70, 0xFF, 0xFE, 0x0A]).write(to: notUTF8)
        try layered.layer(["size": 14], in: layered.second.url)
        // A layer that does not decode is left out, and named.
        try Data("<plist><dict><key>x</key>".utf8)
            .write(to: layered.scope.systemDirectory.appendingPathComponent("app.plist"))
        let suite = try layered.store.suite("app")
        let layers = suite.systemLayers
        #expect(layers.locks.wholeSuite == notUTF8.path)
        #expect(layers.problems.count == 2)
        #expect(layers.problems.allSatisfy { !$0.contains("\n") })
        #expect(layers.problems.contains { $0.contains("not UTF-8") })
        #expect(suite.get(Self.size) == 14, "the other folder's layer is still read")
        #expect(throws: PersistentKeyValueStoreError.self) { try suite.setPrimitiveValue(.int(1), forKey: "size") }
    }

    @Test func aByteOrderMarkAtTheStartOfALockFileIsNoPartOfTheFirstKey() throws {
        let layered = try Layered()
        try Data([0xEF, 0xBB, 0xBF] + Array("theme\nsize\n".utf8))
            .write(to: layered.scope.systemDirectory.appendingPathComponent("app.locks"))
        let suite = try layered.store.suite("app")
        #expect(suite.systemLayers.locks.keys.keys.sorted() == ["size", "theme"])
        #expect(suite.systemLayers.problems.isEmpty)
    }

    /// As sudo and dconf do: a layer or lock file that someone other than root and its owner may write, or that
    /// another user owns, could be anyone's, so it is named and ignored; a lock file so ignored locks nothing.
    @Test(arguments: [0o666, 0o664])
    func aLayerOrLockFileOthersMayWriteIsNamedAndIgnored(mode: Int) throws {
        let layered = try Layered()
        try layered.layer(["theme": "planted"])
        try layered.locks("size\n")
        for name in ["app.plist", "app.locks"] {
            try FileManager.default.setAttributes(
                [.posixPermissions: mode], ofItemAtPath: layered.scope.systemDirectory.appendingPathComponent(name).path
            )
        }
        try layered.layer(["theme": "second"], in: layered.second.url)
        let suite = try layered.store.suite("app")
        #expect(suite.get(Self.theme) == "second", "the next folder's layer is read instead")
        #expect(suite.systemLayers.locks.keys.isEmpty && suite.systemLayers.locks.wholeSuite == nil)
        #expect(suite.systemLayers.problems.count == 2)
        #expect(
            suite.systemLayers.problems.allSatisfy {
                $0.contains("others than its owner may write it (mode \(String(mode, radix: 8)))")
            })
        suite.set(Self.size, to: 20)
        #expect(suite.get(Self.size) == 20)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func aLayerOrLockFileAnotherUserOwnsIsNamedAndIgnored() throws {
        let layered = try Layered()
        try layered.layer(["theme": "planted"])
        try layered.locks("size\n")
        for name in ["app.plist", "app.locks"] {
            try FileManager.default.setAttributes(
                [.ownerAccountID: 65534], ofItemAtPath: layered.scope.systemDirectory.appendingPathComponent(name).path)
        }
        let suite = try layered.store.suite("app")
        #expect(suite.get(Self.theme) == "light")
        #expect(suite.systemLayers.locks.keys.isEmpty)
        #expect(suite.systemLayers.problems.allSatisfy { $0.contains("belongs to user 65534, neither root nor you") })
        #expect(suite.systemLayers.problems.count == 2)
    }

    @Test func aFIFOInPlaceOfALayerOrLockFileNeverBlocks() throws {
        let layered = try Layered()
        for name in ["app.plist", "app.locks"] {
            #expect(mkfifo(layered.scope.systemDirectory.appendingPathComponent(name).path, 0o600) == 0)
        }
        let suite = try layered.store.suite("app")
        #expect(suite.systemLayers.locks.wholeSuite != nil, "an unreadable lock file locks everything")
        #expect(suite.systemLayers.problems.count == 2)
    }

    @Test func aChangeToALayerOrLockFileReachesObserversAsItHappens() async throws {
        let layered = try Layered()
        let watch = try layered.store.startWatching()
        defer { watch.cancel() }
        let suite = try layered.store.suite("app")
        let recorder = ChangeRecorder()
        let observation = layered.store.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        let values = suite.values(for: Self.theme, bufferingPolicy: .unbounded)
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == "light")

        try layered.layer(["theme": "dark"])
        #expect(await iterator.next() == "dark", "a new layer file is seen without a write of ours")
        try suite.setPrimitiveValue(.string("mine"), forKey: "theme")
        #expect(await iterator.next() == "mine")
        try layered.locks("theme\n")
        #expect(await iterator.next() == "dark", "a lock puts the system's value back in force")
        let lockChange = await waitUntil(timeout: .seconds(30)) {
            recorder.all.contains { $0.key == "theme" && $0.systemLayer?.hasSuffix("app.locks") == true }
        }
        #expect(lockChange)
        try FileManager.default.removeItem(at: layered.scope.systemDirectory.appendingPathComponent("app.locks"))
        #expect(await iterator.next() == "mine", "and its removal gives the user's value back")
    }
}
