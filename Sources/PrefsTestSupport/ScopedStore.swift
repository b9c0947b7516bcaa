import Foundation
import PrefsFileStore
public import PrefsKit

/// A store that lives for one test, with whatever it needs removed afterwards.
///
/// The conformance suite creates one per test from a ``StoreFixture``, so that every store is held to the same
/// behaviour on fresh state.
public final class ScopedStore: @unchecked Sendable {
    /// The store under test.
    public let store: any PersistentKeyValueStore
    /// Opens a second handle on the same underlying data, as another part of the app (or, for file stores, another
    /// process) would; `nil` for stores whose data lives in one object only.
    public let reopen: (() throws -> any PersistentKeyValueStore)?
    private let resources: [AnyObject]

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - store: The store under test.
    ///   - reopen: Opens a second handle on the same data.
    ///   - resources: Objects to keep alive for the scope's lifetime and release, which cleans them up, afterwards.
    public init(
        store: any PersistentKeyValueStore, reopen: (() throws -> any PersistentKeyValueStore)? = nil,
        resources: [AnyObject] = []
    ) {
        self.store = store
        self.reopen = reopen
        self.resources = resources
    }
}

/// The stores PrefsKit provides, each able to make a fresh scoped instance: the parameter of the conformance suite.
public enum StoreFixture: String, CaseIterable, Sendable {
    case inMemory
    case userDefaults
    case combined
    case file
    /// A suite of a file store that creates binary property lists.
    case binaryFile
    /// A view under the prefix `"module."` of a file suite that also holds a key outside it.
    case prefixed
    /// A suite of a file store whose system folder sets and locks keys of it that the checks never use: layers
    /// must leave the user's values, and everything built on them, as they are.
    case layeredFile

    /// The system layer of ``layeredFile``: two keys the conformance checks never name.
    static let layerDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>layer.default</key>
        \t<string>from the system</string>
        \t<key>layer.locked</key>
        \t<integer>7</integer>
        </dict>
        </plist>
        """

    /// Makes a fresh, empty store of this kind.
    ///
    /// - Parameters:
    ///   - function: The test's name, used to name suites.
    ///   - fileID: The test's file.
    /// - Returns: The store in its scope.
    /// - Throws: ``ScopedStoreError`` when the store cannot be set up.
    public func make(function: String = #function, fileID: String = #fileID) throws -> ScopedStore {
        switch self {
        case .inMemory:
            return ScopedStore(store: InMemoryPersistentKeyValueStore())
        case .userDefaults:
            let scope = try ScopedUserDefaults(function: function, fileID: fileID)
            let name = scope.suiteName
            return ScopedStore(
                store: scope.defaults,
                reopen: {
                    guard let reopened = UserDefaults(suiteName: name) else {
                        throw ScopedStoreError(message: "cannot open suite \(name) again")
                    }
                    return reopened
                }, resources: [scope])
        case .combined:
            let front = InMemoryPersistentKeyValueStore()
            let back = try ScopedUserDefaults(function: function, fileID: fileID)
            return ScopedStore(store: CombinedPersistentKeyValueStore([front, back.defaults]), resources: [back])
        case .file, .binaryFile:
            let scope = try ScopedFileStore(newSuiteFormat: self == .binaryFile ? .binary : .xml)
            let name = Self.sanitized("\(fileID).\(function)")
            let suite = try scope.store.suite(name)
            return ScopedStore(
                store: suite, reopen: { try scope.reopen().suite(name) }, resources: [scope])
        case .layeredFile:
            let scope = try ScopedFileStore(systemLayers: true)
            let name = Self.sanitized("\(fileID).\(function)")
            let layer = scope.systemDirectory.appendingPathComponent("\(name).plist")
            try Data(Self.layerDocument.utf8).write(to: layer)
            try Data("layer.locked # fixed by the test\n".utf8)
                .write(to: scope.systemDirectory.appendingPathComponent("\(name).locks"))
            let suite = try scope.store.suite(name)
            return ScopedStore(
                store: suite, reopen: { try scope.reopen().suite(name) }, resources: [scope])
        case .prefixed:
            let scope = try ScopedFileStore()
            let name = Self.sanitized("\(fileID).\(function)")
            let suite = try scope.store.suite(name)
            try suite.setPrimitiveValue(.string("not in the view"), forKey: "outside")
            let view = suite.prefixed("module.")
            return ScopedStore(
                store: view, reopen: { try scope.reopen().suite(name).prefixed("module.") },
                resources: [scope])
        }
    }

    private static func sanitized(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }
}
