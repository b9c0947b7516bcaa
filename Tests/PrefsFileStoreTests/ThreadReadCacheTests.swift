import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Synchronization
import Testing

/// A thread reads a suite from the snapshot it kept (FileSuite's typed reads take no lock): it must still see every
/// write that finished before its read, never an older value after a newer one, and never another suite's values.
@Suite(.threadOfItsOwn) struct ThreadReadCacheTests {
    @Test func aReadAfterAWriteOnAnotherThreadSeesIt() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("app")
        try suite.commit(["count": .int(0)])
        let reads = Mutex<[PropertyListValue?]>([])
        let asked = DispatchSemaphore(value: 0)
        let answered = DispatchSemaphore(value: 0)
        let reader = Thread {
            for _ in 0...200 {
                asked.wait()
                let value = suite.primitiveValue(forKey: "count")
                reads.withLock { $0.append(value) }
                answered.signal()
            }
        }
        reader.start()
        for count in 0...200 {
            if count > 0 { try suite.commit(["count": .int(count)]) }
            asked.signal()
            answered.wait()
        }
        // The reader kept a snapshot from its first read on; each later read follows a write it must see.
        #expect(reads.withLock { $0 } == (0...200).map { .int($0) })
    }

    @Test func readersNeverGoBackWhileAWriterWrites() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("app")
        try suite.commit(["count": .int(0)])
        let last = 300
        let writing = Atomic<Bool>(true)
        // Threads, not tasks: readers that never suspend would hold the concurrency pool's two threads.
        let results = Mutex<[(monotonic: Bool, reads: Int, final: PropertyListValue?)]>([])
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<3 {
            Thread {
                var previous = 0
                var monotonic = true
                var reads = 0
                while writing.load(ordering: .acquiring) {
                    guard case .int(let value)? = suite.primitiveValue(forKey: "count") else {
                        monotonic = false
                        break
                    }
                    if value < previous { monotonic = false }
                    previous = value
                    reads += 1
                }
                // The writer has finished: this read follows every write.
                let final = suite.primitiveValue(forKey: "count")
                results.withLock { $0.append((monotonic, reads, final)) }
                finished.signal()
            }.start()
        }
        for count in 1...last { try suite.commit(["count": .int(count)]) }
        writing.store(false, ordering: .releasing)
        for _ in 0..<3 { finished.wait() }
        for result in results.withLock({ $0 }) {
            #expect(result.monotonic)
            #expect(result.final == .int(last))
            #expect(result.reads > 0)
        }
    }

    @Test func aSuiteOpenedWhereAnotherWasFreedReadsItsOwnValues() throws {
        // A suite freed and another allocated, perhaps at its address: the snapshot this thread kept of the first must
        // not answer for the second.
        for round in 0..<50 {
            let first = try ScopedFileStore()
            try first.store.suite("app").commit(["round": .string("first \(round)")])
            #expect(try first.store.suite("app").primitiveValue(forKey: "round") == .string("first \(round)"))
            let second = try ScopedFileStore()
            try second.store.suite("app").commit(["round": .string("second \(round)")])
            #expect(try second.store.suite("app").primitiveValue(forKey: "round") == .string("second \(round)"))
        }
    }

    /// PrefsKit may live in a shared library that a program loads with dlopen, such as an app's plug-in.
    ///
    /// Its thread-local cache must not use the initial-exec model, which marks the library STATIC_TLS and makes
    /// dlopen fail once the static TLS reserve is spent. The C file is built as such a library, and loaded.
    @Test func theThreadCacheCanLiveInALibraryLoadedWithDlopen() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources/CPrefsSystem")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("libprefs-plugin.so")
        let build = try ChildProcess.run(
            "/usr/bin/cc",
            [
                "-shared", "-fPIC", "-O2", "-I", sources.appendingPathComponent("include").path,
                sources.appendingPathComponent("ThreadReadCache.c").path, "-o", library.path,
            ])
        try #require(build.status == 0, "\(build.standardError)")
        let dynamic = try ChildProcess.run("/usr/bin/readelf", ["-d", library.path])
        #expect(dynamic.status == 0)
        #expect(!dynamic.standardOutput.contains("STATIC_TLS"), "\(dynamic.standardOutput)")
        let handle = try #require(dlopen(library.path, RTLD_NOW | RTLD_LOCAL), "\(String(cString: dlerror()))")
        #expect(dlsym(handle, "cprefs_register_read_cache") != nil)
        dlclose(handle)
    }
}
