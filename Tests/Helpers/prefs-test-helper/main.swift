// A child process for the multi-process tests and benchmarks. Every command prints one line per step, flushed at
// once, so that the parent can follow along and kill it at any moment.
import Foundation
import PrefsFileStore
import PrefsKit

/// Writes a line straight to standard output, unbuffered, so that a parent sees it before any kill.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("prefs-test-helper: \(message)\n".utf8))
    exit(2)
}

func suite(_ directory: String, _ name: String) -> FileSuite {
    do {
        let store = try FileStore(directory: URL(fileURLWithPath: directory), launchArguments: .none)
        return try store.suite(name)
    } catch {
        fail("\(error)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "write":
    // write DIR SUITE PREFIX COUNT: one commit per key, printing "committed N" after each.
    guard arguments.count == 5, let count = Int(arguments[4]) else { fail("usage: write DIR SUITE PREFIX COUNT") }
    let target = suite(arguments[1], arguments[2])
    for index in 0..<count {
        do {
            try target.commit(["\(arguments[3])-\(index)": .int(index)])
        } catch {
            fail("\(error)")
        }
        say("committed \(index)")
    }
case "write-forever":
    // write-forever DIR SUITE PREFIX: commits keys until killed.
    guard arguments.count == 4 else { fail("usage: write-forever DIR SUITE PREFIX") }
    let target = suite(arguments[1], arguments[2])
    var index = 0
    while true {
        do {
            try target.commit(["\(arguments[3])-\(index)": .string(String(repeating: "x", count: index % 97))])
        } catch {
            fail("\(error)")
        }
        say("committed \(index)")
        index += 1
    }
case "set":
    // set DIR SUITE KEY INT: one write.
    guard arguments.count == 5, let value = Int(arguments[4]) else { fail("usage: set DIR SUITE KEY INT") }
    do {
        try suite(arguments[1], arguments[2]).commit([arguments[3]: .int(value)])
    } catch {
        fail("\(error)")
    }
    say("done")
case "ud-write":
    // ud-write SUITE-PATH KEY STRING: a plain UserDefaults program writing a suite.
    guard arguments.count == 4, let defaults = UserDefaults(suiteName: arguments[1]) else {
        fail("usage: ud-write SUITE-PATH KEY STRING")
    }
    defaults.set(arguments[3], forKey: arguments[2])
    defaults.synchronize()
    say("done")
case "ud-read":
    // ud-read SUITE-PATH KEY: a plain UserDefaults program reading a suite.
    guard arguments.count == 3, let defaults = UserDefaults(suiteName: arguments[1]) else {
        fail("usage: ud-read SUITE-PATH KEY")
    }
    defaults.synchronize()
    say(defaults.object(forKey: arguments[2]).map { "\($0)" } ?? "<absent>")
default:
    fail("unknown command; see the source for the list")
}
