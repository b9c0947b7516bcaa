import ArgumentParser
import Foundation
import PrefsKit
import PrefsStores
import PrefsTools

#if canImport(Glibc)
import Glibc
#endif

/// `prefs demo-writer DIR`, hidden: the second process of `prefs demo`, which changes a few values every few
/// seconds as a mail daemon and an app would.
struct DemoWriter: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-writer", abstract: "Change the demo's values until standard input closes.",
        shouldDisplay: false)

    @Argument(help: "The demo's temporary directory.")
    var directory: String

    @Option(help: "Seconds between writes.")
    var interval = 3.0

    func perform() throws {
        let files = DemoFiles(root: URL(fileURLWithPath: directory))
        defer { files.remove() }
        let store = try files.context.store()
        let mailer = try store.anySuite("com.example.mailer")
        let app = try store.anySuite("com.example.theme-demo")
        var unread = 3
        var tick = 0
        while Self.parentIsAlive(waiting: interval), FileManager.default.fileExists(atPath: files.config.path) {
            tick += 1
            unread = tick % 5 == 0 ? 0 : unread + Int.random(in: 1...3)
            try? mailer.setPrimitiveValues(["unreadCount": .int(unread), "lastSync": .date(Date())])
            if tick % 3 == 0 {
                let themes = ["light", "dark", "black"]
                try? app.setPrimitiveValues(["theme": .string(themes[(tick / 3) % themes.count])])
            }
        }
    }

    /// Waits up to `seconds` for standard input to close, which happens when the editor that started this process
    /// ends.
    ///
    /// - Returns: `false` once it has closed.
    private static func parentIsAlive(waiting seconds: Double) -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, Int32(seconds * 1000)) > 0 else { return true }
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) > 0
    }
}
