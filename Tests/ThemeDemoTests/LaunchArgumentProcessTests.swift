import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

/// Launch arguments as a real program receives them: theme-demo started as a child process.
@Suite struct LaunchArgumentProcessTests {
    @Test func aChildProcessLaunchedWithArgumentsReadsThemAsTypedValues() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.url.appendingPathComponent("demo").path
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let stored = try ChildProcess.run(
            "theme-demo", ["--suite", suite, "set-theme", "black"], environment: environment)
        #expect(stored.status == 0)
        let run = try ChildProcess.run(
            "theme-demo", ["--suite", suite, "-theme", "dark", "-showsWelcomeTips", "NO", "-fontScale", "2.5"],
            environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = Set(run.standardOutput.split(separator: "\n").map(String.init))
        #expect(lines.contains("theme = dark (from -theme dark for this run; stored black)"))
        #expect(lines.contains("showsWelcomeTips = false (from -showsWelcomeTips NO for this run)"))
        #expect(lines.contains("fontScale = 2.5 (from -fontScale 2.5 for this run)"))
        #expect(lines.contains("launchCount = 1"))

        // The overrides were never written: the suite on disk still holds the stored theme.
        let plist = try Data(contentsOf: URL(fileURLWithPath: suite + ".plist"))
        let object = try PropertyListSerialization.propertyList(from: plist, format: nil)
        let values = try #require(PropertyListValue(propertyListObject: object))
        guard case .dictionary(let dictionary) = values else { throw CocoaError(.propertyListReadCorrupt) }
        #expect(dictionary["theme"] == .string("black"))
        #expect(dictionary["showsWelcomeTips"] == nil)
        #expect(dictionary["fontScale"] == nil)
        #expect(dictionary["launchCount"] == .int(1))

        let plain = try ChildProcess.run("theme-demo", ["--suite", suite], environment: environment)
        #expect(plain.standardOutput.contains("theme = black\n"))
        #expect(plain.standardOutput.contains("launchCount = 2\n"))
    }

    @Test func anOverrideThatDoesNotFitShowsTheStoredValueAndIsNeverWrittenBack() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.url.appendingPathComponent("demo").path
        let environment = ["XDG_CONFIG_HOME": directory.path]
        #expect(try ChildProcess.run("theme-demo", ["--suite", suite, "set-theme", "dark"]).status == 0)
        #expect(try ChildProcess.run("theme-demo", ["--suite", suite], environment: environment).status == 0)

        // Foundation's argument domain holds "purple" and "abc"; the store reads past them to what the suite holds.
        let bad = try ChildProcess.run(
            "theme-demo", ["--suite", suite, "-theme", "purple", "-launchCount", "abc"], environment: environment)
        #expect(bad.status == 0, "\(bad.standardError)")
        let lines = bad.standardOutput.split(separator: "\n").map(String.init)
        // Neither is ignored without a word: each is named beside its value, and once on standard error.
        #expect(
            lines.contains(
                #"theme = dark (launch argument -theme "purple" ignored: cannot decode: purple is not a valid Theme)"#))
        #expect(
            lines.contains(#"launchCount = 2 (launch argument -launchCount "abc" ignored: "abc" is not an integer)"#))
        let reports = bad.standardError.split(separator: "\n").filter { $0.contains("ignored") }
        #expect(reports.count == 2, "\(bad.standardError)")
        #expect(
            reports.first?.hasSuffix(
                #"launch argument -theme "purple" ignored: cannot decode: purple is not a valid Theme"#) == true)
        #expect(try stored(suite)["theme"] == .string("dark"))
        #expect(try stored(suite)["launchCount"] == .int(2))

        // An override that fits is read for its run only; the count goes on from the stored value.
        let good = try ChildProcess.run(
            "theme-demo", ["--suite", suite, "-theme", "black", "-launchCount", "40"], environment: environment)
        #expect(good.standardOutput.contains("theme = black (from -theme black for this run; stored dark)\n"))
        #expect(good.standardOutput.contains("launchCount = 40 (from -launchCount 40 for this run; stored 3)\n"))
        #expect(!good.standardError.contains("ignored"))
        #expect(try stored(suite)["theme"] == .string("dark"))
        #expect(try stored(suite)["launchCount"] == .int(3))
    }

    private func stored(_ suite: String) throws -> [String: PropertyListValue] {
        let plist = try Data(contentsOf: URL(fileURLWithPath: suite + ".plist"))
        let object = try PropertyListSerialization.propertyList(from: plist, format: nil)
        guard case .dictionary(let values) = PropertyListValue(propertyListObject: object) else { return [:] }
        return values
    }

    @Test func aBadCommandLineGetsAOneLineErrorAndAUsageStatus() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.url.appendingPathComponent("demo").path
        let run = try ChildProcess.run("theme-demo", ["--suite", suite, "set-theme", "purple"])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "theme-demo: invalid value for \"theme\": \"purple\" is not one of \"light\", \"dark\", \"black\"\n")
        #expect(!FileManager.default.fileExists(atPath: suite + ".plist"))
        let usage = try ChildProcess.run("theme-demo", ["--suite", suite, "frobnicate"])
        #expect(usage.status == 64)
        #expect(usage.standardError == "theme-demo: unknown command \"frobnicate\"\n")
    }
}
