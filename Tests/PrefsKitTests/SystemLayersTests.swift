import PrefsKit
import Testing

/// The one order a read takes a key's value in, whatever the store: locked system value, user, system layers in
/// order, default; and the lock file format.
@Suite struct SystemLayersTests {
    static let layers = SystemLayers(
        layers: [
            .init(source: "/etc/xdg/app.plist", values: ["theme": .string("dark"), "size": .int(12)]),
            .init(source: "/usr/share/xdg/app.plist", values: ["theme": .string("light"), "zoom": .int(2)]),
        ],
        locks: {
            var locks = SuiteLocks()
            try? locks.add(lockFile: Array("size\n".utf8), source: "/etc/xdg/app.locks")
            return locks
        }())

    @Test func aReadTakesTheFirstOfLockUserLayersDefault() {
        let layers = Self.layers
        #expect(layers.resolve("theme", user: .string("blue")) == (.string("blue"), .user))
        #expect(layers.resolve("theme", user: nil) == (.string("dark"), .system("/etc/xdg/app.plist")))
        #expect(layers.resolve("zoom", user: nil) == (.int(2), .system("/usr/share/xdg/app.plist")))
        #expect(layers.resolve("size", user: .int(99)) == (.int(12), .locked(by: "/etc/xdg/app.locks")))
        #expect(layers.resolve("other", user: nil) == (nil, .default))
        #expect(SystemLayers.none.resolve("theme", user: .int(1)) == (.int(1), .user))
    }

    @Test func aLockWithoutASystemValueFixesTheDefault() throws {
        var locks = SuiteLocks()
        try locks.add(lockFile: Array("# the whole suite\n  *  \n".utf8), source: "/etc/xdg/app.locks")
        let layers = SystemLayers(layers: [], locks: locks)
        #expect(layers.resolve("anything", user: .bool(true)) == (nil, .locked(by: "/etc/xdg/app.locks")))
    }

    @Test func lockFilesHoldKeysCommentsAndTheWholeSuite() throws {
        var locks = SuiteLocks()
        let text = "# fixed by IT\n\ntheme   # no dark mode here\n  fontSize\nkey#with#hashes\n\r\n"
        try locks.add(lockFile: Array(text.utf8), source: "/etc/xdg/a.locks")
        try locks.add(lockFile: Array("theme\nzoom\n".utf8), source: "/usr/share/xdg/a.locks")
        #expect(
            locks.keys == [
                "theme": "/etc/xdg/a.locks", "fontSize": "/etc/xdg/a.locks", "key#with#hashes": "/etc/xdg/a.locks",
                "zoom": "/usr/share/xdg/a.locks",
            ])
        #expect(locks.wholeSuite == nil && locks.lock(forKey: "other") == nil)
        try locks.add(lockFile: Array("*\n".utf8), source: "/usr/share/xdg/a.locks")
        #expect(locks.lock(forKey: "other") == "/usr/share/xdg/a.locks")
    }

    @Test func aLockFileThatIsNotTextOrTooLargeIsAnErrorAndAddsNothing() {
        var locks = SuiteLocks()
        #expect(throws: SuiteLocksError(source: "/etc/xdg/a.locks", reason: "it is not UTF-8 text")) {
            try locks.add(lockFile: [0x6B, 0xFF, 0x0A], source: "/etc/xdg/a.locks")
        }
        #expect {
            try locks.add(lockFile: [UInt8](repeating: 0x61, count: SuiteLocks.maximumSize + 1), source: "big")
        } throws: { error in
            "\(error)" == "cannot read the lock file big: it is larger than 1024 KiB"
        }
        #expect(locks.isEmpty)
    }

    @Test func theSourceIsSaidForPeople() {
        #expect(ValueSource.locked(by: "/etc/xdg/a.locks").description == "locked by /etc/xdg/a.locks")
        #expect(ValueSource.system("/etc/xdg/a.plist").description == "the system (/etc/xdg/a.plist)")
    }
}
