import Foundation

/// Runs one of the package's executables as a real child process.
package struct ChildProcess {
    package struct Result {
        package let status: Int32
        package let standardOutput: String
        package let standardError: String
        /// The process's id, as its writes are journaled with it.
        package var pid: Int32 = 0
    }

    /// Finds an executable built beside the test runner, which SwiftPM puts in the same products directory.
    package static func executable(named name: String) throws -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        if name == "prefs" || name == "prefs-postgres" { SpawnCount.record() }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }

    /// Runs the executable to completion.
    ///
    /// - Parameters:
    ///   - name: The executable's name.
    ///   - arguments: Its arguments.
    ///   - environment: Variables to set on top of this process's environment.
    /// - Returns: The exit status and everything the process printed.
    /// - Throws: When the executable cannot be found or started.
    package static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result
    {
        let process = Process()
        process.executableURL = try executable(named: name)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self), pid: process.processIdentifier)
    }
}
