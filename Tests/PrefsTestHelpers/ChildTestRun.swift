import Foundation
import Testing

/// The test runner started again in a private session, filtered to the tests that need it: GIO reads the session
/// bus's address once per process, so a store on GIO is tested in a child process of its own.
package enum ChildTestRun {
    /// Runs the tests a filter names in a child runner with an environment, and expects them to pass.
    ///
    /// - Parameters:
    ///   - filter: The suites' name prefix, such as `XfconfInSession`.
    ///   - environment: The session's variables, and the marker that enables the suites in the child.
    /// - Throws: When the child cannot be started.
    package static func expectPassing(_ filter: String, environment: [String: String]) throws {
        let result = try ChildProcess.run(
            CommandLine.arguments[0], ["--testing-library", "swift-testing", "--filter", filter],
            environment: environment)
        let printed = result.standardOutput + result.standardError
        let summary = printed.split(separator: "\n").last { $0.contains("Test run with") } ?? ""
        // The child's failures first, each with its comment: the end of its output may hold none of them.
        let failures = printed.split(separator: "\n").filter { $0.contains("✘") || $0.contains("↳") }.prefix(80)
        #expect(
            result.status == 0,
            "\(failures.joined(separator: "\n"))\n\(result.standardOutput.suffix(4000))\(result.standardError.suffix(2000))"
        )
        // The child ran the tests, rather than finding none to run.
        #expect(summary.contains("passed") && !summary.contains("with 0 tests"), "\(summary)")
    }
}
