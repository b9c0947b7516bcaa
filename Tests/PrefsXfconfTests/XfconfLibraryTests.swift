import Foundation
import PrefsTestHelpers
import Testing

/// Runs the Xfconf tests (the suites named `XfconfInSession…`) in a child test process inside a private session.
///
/// GIO reads the session bus's address once per process, so these tests cannot share the runner with tests of other
/// stores: the runner starts itself again, filtered to them, with the session's environment.
@Suite(.threadOfItsOwn) struct XfconfLibraryTests {
    @Test func theStorePassesItsTestsInAPrivateSession() throws {
        let session = try XfconfSession()
        let result = try ChildProcess.run(
            CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", "XfconfInSession"],
            environment: session.environment.merging([XfconfChild.marker: "1"]) { $1 })
        let printed = result.standardOutput + result.standardError
        let summary = printed.split(separator: "\n").last { $0.contains("Test run with") } ?? ""
        // The child's failures first, each with its comment: the end of its output may hold none of them.
        let failures = printed.split(separator: "\n").filter { $0.contains("✘") || $0.contains("↳") }.prefix(80)
        #expect(
            result.status == 0,
            "\(failures.joined(separator: "\n"))\n\(result.standardOutput.suffix(4000))\(result.standardError.suffix(2000))"
        )
        #expect(summary.contains("passed") && !summary.contains("with 0 tests"), "\(summary)")
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
@Suite(.threadOfItsOwn, .enabled(if: XfconfChild.isChild), .serialized) enum XfconfInSession {}
