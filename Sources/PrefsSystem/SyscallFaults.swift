import Synchronization
package import SystemPackage

/// Failures a test injects into the file store's system calls, as swift-system's mocking drives its wrappers: a crash
/// point reached every time, in place of killing a writer at a random moment and retrying until it stops where
/// wanted.
///
/// A rule names calls (`rename`, `renameExchange`, `unlink`), the folder whose paths they fail under, and the error;
/// failing a write's swap and its cleanup together leaves exactly what a writer killed before its swap leaves. Rules
/// hold only until their ``Injection`` is released, and only under their folder, so tests running side by side in
/// one process never see another's.
package final class SyscallFaults: Sendable {
    /// The rules every ``Syscall`` wrapper that takes a path consults.
    package static let shared = SyscallFaults()

    private struct Rule {
        let id: Int
        let calls: Set<String>
        let folder: String
        let error: Errno
    }

    private let rules = Mutex<(next: Int, list: [Rule])>((0, []))

    /// A rule in force; releasing or cancelling it removes the rule.
    package final class Injection: Sendable {
        private let remove: @Sendable () -> Void

        fileprivate init(remove: @escaping @Sendable () -> Void) {
            self.remove = remove
        }

        /// Removes the rule now.
        package func cancel() {
            remove()
        }

        deinit {
            remove()
        }
    }

    /// Makes calls fail for every path under a folder.
    ///
    /// - Parameters:
    ///   - error: What the calls fail with.
    ///   - calls: The wrappers' names: `rename`, `renameExchange`, `unlink`.
    ///   - folder: The folder, as a path; its files and its subfolders' are affected.
    /// - Returns: The rule, in force until released.
    package func inject(_ error: Errno, into calls: Set<String>, under folder: String) -> Injection {
        inject(error, into: calls, atPathsStartingWith: folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Makes calls fail for every path that starts with a prefix: one file (`config/b.plist`), or a folder's.
    ///
    /// - Parameters:
    ///   - error: What the calls fail with.
    ///   - calls: The wrappers' names: `rename`, `renameExchange`, `unlink`.
    ///   - prefix: The start of the paths affected.
    /// - Returns: The rule, in force until released.
    package func inject(_ error: Errno, into calls: Set<String>, atPathsStartingWith prefix: String) -> Injection {
        let id = rules.withLock { state in
            state.next += 1
            state.list.append(Rule(id: state.next, calls: calls, folder: prefix, error: error))
            return state.next
        }
        return Injection { [self] in rules.withLock { $0.list.removeAll { $0.id == id } } }
    }

    /// The error a call on a path must fail with, when a rule says so.
    func error(for call: String, path: FilePath) -> Errno? {
        rules.withLock { state in
            guard !state.list.isEmpty else { return nil }
            let text = path.string
            return state.list.first { $0.calls.contains(call) && text.hasPrefix($0.folder) }?.error
        }
    }
}
