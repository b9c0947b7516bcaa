import ArgumentParser
import PrefsStores

/// `prefs demo-writer DIR`, hidden: the second process of `prefs demo` (``PrefsStores/DemoActivity``).
struct DemoWriter: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-writer", abstract: "Change the demo's values until standard input closes.",
        shouldDisplay: false)

    @Argument(help: "The demo's temporary directory.") var directory: String
    @Option(help: "Seconds between writes.") var interval = 3.0

    func perform() throws {
        try DemoActivity.changeValues(inDirectory: directory, every: interval)
    }
}
