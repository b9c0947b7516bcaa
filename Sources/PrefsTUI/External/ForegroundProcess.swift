import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A program run on the user's terminal as a shell runs a job: in a process group of its own that is the terminal's
/// foreground group while it runs, the editor's group taking the terminal back afterwards.
///
/// Foundation's `Process` starts a child in a new process group that is not the terminal's foreground group, so a
/// program that reads the terminal (vim, nano) is refused it: vim exits with "Error reading input", and its queries'
/// replies arrive as the editor's keystrokes. Without a controlling terminal (tests with a script as the editor),
/// the program runs as a plain child.
enum ForegroundProcess {
    /// Runs a program to its end.
    ///
    /// - Parameters:
    ///   - path: The program.
    ///   - arguments: Its arguments, its name first.
    ///   - environment: Its environment.
    /// - Returns: Its exit status; 128 plus the signal's number when a signal ended it.
    /// - Throws: ``ExternalEditorError`` naming the system's reason when it cannot be started or waited for.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let environment = environment.map { "\($0.key)=\($0.value)" }
        let terminal: FileDescriptor
        do {
            terminal = try FileDescriptor.open("/dev/tty", .readWrite, options: .closeOnExec)
        } catch {
            return try runWithoutTerminal(path, arguments, environment: environment)
        }
        defer { try? terminal.close() }
        let child: Int32
        do {
            child = try Processes.spawnInForeground(
                path, arguments: arguments, environment: environment, terminal: terminal)
        } catch {
            throw Self.failure("start", error)
        }
        do {
            return try Processes.waitTakingTerminal(child, terminal: terminal)
        } catch {
            throw Self.failure("wait for", error)
        }
    }

    /// Runs the editor where there is no terminal to hand over (a test's pipe): started and waited for.
    private static func runWithoutTerminal(_ path: String, _ arguments: [String], environment: [String]) throws
        -> Int32
    {
        let child: Int32
        do {
            child = try Processes.spawn(path, arguments: arguments, environment: environment)
        } catch {
            throw Self.failure("start", error)
        }
        do {
            return try Processes.wait(child)
        } catch {
            throw Self.failure("wait for", error)
        }
    }

    private static func failure(_ what: String, _ error: Errno) -> ExternalEditorError {
        ExternalEditorError("cannot \(what) the editor: \(ErrorText.of(error.rawValue))")
    }
}
