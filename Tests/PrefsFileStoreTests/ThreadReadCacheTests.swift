import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestSupport
import Synchronization
import Testing

/// A thread reads a suite from the snapshot it kept (FileSuite's typed reads take no lock): it must still see every
/// write that finished before its read, never an older value after a newer one, and never another suite's values.
@Suite struct ThreadReadCacheTests {
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
}
