import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// A suite opened again right after another instance's write must see that write: the editor opens suites afresh
/// for every screen, right after writes.
@Suite(.threadOfItsOwn) struct FileStoreReopenStressTests {
    @Test func aSuiteOpenedRightAfterAWriteSeesIt() throws {
        for round in 0..<100 {
            let scope = try ScopedFileStore()
            try scope.store.suite("app").commit(["theme": .string("dark"), "round": .int(round)])
            let values = try scope.store.suite("app").primitiveValues()
            #expect(values == ["theme": .string("dark"), "round": .int(round)], "round \(round)")
            if values.isEmpty { break }
        }
    }
}
