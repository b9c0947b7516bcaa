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
        #expect(lines.contains("theme = dark (launch argument)"))
        #expect(lines.contains("showsWelcomeTips = false (launch argument)"))
        #expect(lines.contains("fontScale = 2.5 (launch argument)"))
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
