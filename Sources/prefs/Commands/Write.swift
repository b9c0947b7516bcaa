import ArgumentParser
import Foundation
import PrefsTools

/// `prefs write SUITE KEY VALUE`: one typed, checked, journaled write.
struct Write: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write a value.",
        discussion: """
            When a schema is installed for the suite, the value is read as the key's type and checked against its \
            range and choices, and keys the schema does not declare are refused unless --force is given. Without a \
            schema, a key that holds a value keeps its type unless --type names another, and a new key is a string \
            unless --type says otherwise. A bad value writes nothing.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite; created by its first write.")
    var suite: String

    @Argument(help: "The key.")
    var key: String

    @Argument(help: "The value, as text (JSON for --type json); negative numbers need no --.")
    var value: String

    @Option(name: [.customShort("t"), .long], help: "The value's type when no schema gives it.")
    var type: ValueText.ValueType?

    @Flag(help: "Write a key the suite's schema does not declare.")
    var force = false

    /// The options that take a value, for ``NegativeNumbers``.
    static let valuedOptions: Set = ["--config-dir", "--store", "--type", "-t"]

    /// The request, as the fast path (``FastWrite``) also builds it.
    var request: FastWrite {
        FastWrite(
            configDir: options.configDir, store: options.store,
            request: WriteRequest(suite: suite, key: key, value: value, type: type, force: force))
    }

    func perform() throws {
        try request.perform()
    }
}
