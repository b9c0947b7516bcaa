import PrefsFileStore
import Testing

/// A trait for tests of damaged suites: stores opened in them believe an empty or undecodable file at once, rather
/// than reading it again for about a second in case another program is rewriting it in place.
///
/// No other program writes a test's files, so the wait would only hold up the run; the wait itself is tested beside a
/// real `UserDefaults` app, which does rewrite them (ForeignWriterTests).
package struct DamagedFilesReadOnce: TestTrait, SuiteTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await FileStore.$settlingPausesInTask.withValue([]) { try await function() }
    }
}

extension Trait where Self == DamagedFilesReadOnce {
    /// Stores opened in the test believe a damaged file at once.
    package static var damagedFilesReadOnce: Self { Self() }
}
