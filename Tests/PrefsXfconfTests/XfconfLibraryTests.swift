import Foundation
import PrefsTestHelpers
import Testing

/// Runs the Xfconf tests (the suites named `XfconfInSession…`) in a child test process inside a private session.
///
/// GIO reads the session bus's address once per process, so these tests cannot share the runner with tests of other
/// stores: the runner starts itself again, filtered to them, with the session's environment.
@Suite(.needs(.xfconfQuery, .dbusDaemon), .threadOfItsOwn) struct XfconfLibraryTests {
    @Test func theStorePassesItsTestsInAPrivateSession() throws {
        let session = try XfconfSession()
        try ChildTestRun.expectPassing(
            "XfconfInSession", environment: session.environment.merging([XfconfChild.marker: "1"]) { $1 })
    }
}

/// Whether this process is the child ``XfconfLibraryTests`` started in a private session.
enum XfconfChild {
    static let marker = "PREFS_XFCONF_IN_SESSION"
    static var isChild: Bool { ProcessInfo.processInfo.environment[marker] == "1" }

    /// What `xfconf-query` prints in the child's session, without its line break; its status checked.
    @discardableResult
    static func query(_ arguments: String...) throws -> String {
        let result = try ChildProcess.run("/usr/bin/xfconf-query", arguments)
        #expect(result.status == 0, "xfconf-query \(arguments): \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .newlines)
    }

    /// How `xfconf-query` ends for a command line, and what it printed.
    static func queryResult(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/xfconf-query", arguments)
    }
}

/// The tests the child runs in its private session, one at a time, each on channels of its own.
@Suite(
    .needs(.xfconfQuery, .dbusDaemon),
    .threadOfItsOwn,
    .enabled(
        if: XfconfChild.isChild, "runs in the child process XfconfLibraryTests starts in a private D-Bus session"),
    .serialized) enum XfconfInSession
{}
