import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct FileStoreFailureTests {
    @Test func anUnparseableSuiteReadsAsDefaultsAndRefusesWrites() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("broken.plist")
        let garbage = Data("<?xml version=\"1.0\"?><plist><dict><key>volume</key>".utf8)
        try garbage.write(to: file)
        let suite = try scope.store.suite("broken")
        let problem = try #require(suite.problem)
        // The parser's own reason is kept: where the XML breaks off, not only that it does.
        guard case .corrupt(suite: "broken", path: file.path, let reason) = problem else {
            Issue.record("\(problem)")
            return
        }
        #expect(reason.hasPrefix("a malformed property list: "), "\(reason)")
        #expect(
            problem.description.hasPrefix("suite \"broken\" is unreadable (\(file.path)): a malformed property list"))
        #expect(throws: FileStoreError.self) { try suite.checkReadable() }
        #expect(suite.get(.volume) == 5)
        #expect(throws: PersistentKeyValueStoreError.self) { try suite.update(.volume, to: 7) }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func recoveryMovesTheBrokenFileAsideFirst() throws {
        let scope = try ScopedFileStore()
        let file = scope.configDirectory.appendingPathComponent("broken.plist")
        try Data("not a plist".utf8).write(to: file)
        let suite = try scope.store.suite("broken")
        try suite.commit(["volume": .int(7)], recoveringCorruptFile: true)
        #expect(suite.problem == nil)
        #expect(suite.get(.volume) == 7)
        let entries = try FileManager.default.contentsOfDirectory(atPath: scope.configDirectory.path)
        let aside = try #require(entries.first { $0.hasPrefix("broken.plist.corrupt-") })
        #expect(
            try String(contentsOf: scope.configDirectory.appendingPathComponent(aside), encoding: .utf8)
                == "not a plist")
    }

    @Test func aSuiteThatBreaksWhileOpenFallsBackToDefaultsAndSaysSo() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("live")
        suite.set(.volume, to: 9)
        let recorder = ChangeRecorder()
        let observation = suite.changeNotifier.addObserver { recorder.record($0) }
        defer { observation.cancel() }
        try Data("garbage".utf8).write(to: suite.fileURL)
        #expect(eventually { suite.problem != nil })
        #expect(suite.get(.volume) == 5)
        #expect(eventually { recorder.all.contains { $0.key == "volume" && $0.newValue == nil } })
        try suite.recover()
        #expect(suite.problem == nil)
    }

    @Test func theLockFileIsNeverFollowedThroughASymlink() throws {
        let scope = try ScopedFileStore()
        let target = scope.directory.url.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            at: scope.configDirectory.appendingPathComponent(".trap.plist.lock"), withDestinationURL: target)
        let suite = try scope.store.suite("trap")
        #expect {
            try suite.commit(["k": .int(1)])
        } throws: { error in
            guard case .unsafe(let path, _) = error as? FileStoreError else { return false }
            return path.hasSuffix(".trap.plist.lock")
        }
        #expect(try Data(contentsOf: target) == Data("precious".utf8))
        #expect(!FileManager.default.fileExists(atPath: suite.fileURL.path))
    }
}

/// What a power loss can leave after a swap: the new file empty or torn, and the version it replaced kept as
/// `.<suite>.plist.previous`, which only an explicit recovery restores.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct FileStorePowerLossTests {
    private static func leaveTornSuite(_ contents: Data, in scope: ScopedFileStore) throws -> URL {
        let suite = try scope.store.suite("torn")
        try suite.commit(["volume": .int(3), "theme": .string("dark")])
        try suite.commit(["volume": .int(9)])
        let plist = suite.fileURL
        try contents.write(to: plist)
        return plist
    }

    @Test(arguments: [Data(), Data("<?xml version=\"1.0\"?><plist><dict><key>vol".utf8)])
    func anEmptyOrTornSuiteIsReportedAndOnlyAnExplicitRecoveryRestoresThePreviousVersion(contents: Data) throws {
        let scope = try ScopedFileStore()
        let plist = try Self.leaveTornSuite(contents, in: scope)
        let previous = scope.configDirectory.appendingPathComponent(".torn.plist.previous")
        let kept = try Data(contentsOf: previous)
        let suite = try scope.reopen().suite("torn")
        #expect(suite.problem != nil)
        #expect(suite.primitiveValues().isEmpty)
        #expect(throws: FileStoreError.self) { try suite.commit(["volume": .int(4)]) }
        // Nothing was restored or moved by reading or by the refused write.
        #expect(try Data(contentsOf: plist) == contents)
        #expect(try Data(contentsOf: previous) == kept)
        let names = try FileManager.default.contentsOfDirectory(atPath: scope.configDirectory.path)
        #expect(!names.contains { $0.contains(".corrupt-") })
        try suite.recover(from: .previous)
        #expect(suite.primitiveValues() == ["volume": .int(3), "theme": .string("dark")])
        try suite.commit(["volume": .int(4)])
        #expect(try scope.reopen().suite("torn").primitiveValues() == ["volume": .int(4), "theme": .string("dark")])
    }

    @Test func aTornStagedFileBesideAGoodSuiteIsIgnoredAndReplacedByTheNextWrite() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("torn")
        try suite.commit(["volume": .int(3)])
        let staged = scope.configDirectory.appendingPathComponent(".torn.plist.new")
        try Data("<?xml version=\"1.0\"?><pli".utf8).write(to: staged)
        let reopened = try scope.reopen().suite("torn")
        #expect(reopened.primitiveValues() == ["volume": .int(3)])
        try reopened.commit(["volume": .int(5)])
        // The write leaves the staging file prepared for the next one: empty, so never taken for a previous version.
        #expect((try? Data(contentsOf: staged))?.isEmpty ?? true)
        #expect(try scope.reopen().suite("torn").primitiveValues() == ["volume": .int(5)])
    }
}
