import ArgumentParser
import Foundation
import PrefsFileStore
import PrefsKit

/// `prefs write SUITE KEY VALUE`: one typed, checked, journaled write.
struct Write: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write a value.",
        discussion: """
            When a schema is installed for the suite, the value is read as the key's type and checked against its \
            range and choices, and keys the schema does not declare are refused unless --force is given. Without a \
            schema the value is a string unless --type says otherwise. A bad value writes nothing.
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The suite; created by its first write.")
    var suite: String

    @Argument(help: "The key.")
    var key: String

    @Argument(help: "The value, as text (JSON for --type json).")
    var value: String

    @Option(name: [.customShort("t"), .long], help: "The value's type when no schema gives it.")
    var type: ValueText.ValueType?

    @Flag(help: "Write a key the suite's schema does not declare.")
    var force = false

    func perform() throws {
        try WriteRequest(
            configDirectory: options.configDirectory, storeURL: options.store, suite: suite, key: key, value: value,
            type: type, force: force
        ).perform()
    }
}

/// What `prefs write` does, apart from parsing its arguments.
struct WriteRequest {
    var configDirectory: URL
    /// `--store`; `nil` leaves it to `PREFS_STORE`, then the directory.
    var storeURL: String?
    var suite: String
    var key: String
    var value: String
    var type: ValueText.ValueType?
    var force = false

    func perform() throws {
        let context = Context(configDirectory: configDirectory, storeURL: storeURL)
        try context.checkName(suite)
        guard !key.isEmpty else { throw CLIError("the key is empty") }
        try ValueText.checkPrintable(key, what: "key")
        try ValueText.checkPrintable(value, what: "value")
        let parsed = try parse(schema: context.schema(for: suite))
        try ValueText.checkPrintable(parsed, what: "value")
        try context.writableAnySuite(suite).setPrimitiveValues([key: parsed])
    }

    private func parse(schema: PreferenceSchema?) throws -> PropertyListValue {
        guard let schema else { return try ValueText.parse(value, as: type ?? .string) }
        guard let entry = schema[key] else {
            guard force else {
                throw CLIError.notInSchema(key: key, suite: suite, action: "write")
            }
            return try ValueText.parse(value, as: type ?? .string)
        }
        return try entry.parse(value)
    }
}
