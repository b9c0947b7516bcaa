import ArgumentParser
import Foundation

/// `prefs suites`: one suite name per line.
struct Suites: PrefsCommand {
    static let configuration = CommandConfiguration(
        commandName: "suites", abstract: "List the suites in the configuration directory.")

    @OptionGroup var options: GlobalOptions

    func perform() throws {
        let context = Context(options)
        if let remote = try context.remoteStore() {
            return list(remote.suiteNames())
        }
        // Listing never creates the directory: a missing one simply holds no suites.
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: context.directory.path, isDirectory: &isDirectory)
        list(exists && isDirectory.boolValue ? try context.store(watching: false).suiteNames() : [])
    }

    private func list(_ names: [String]) {
        if options.json {
            Output.json(names)
        } else {
            Output.lines(names.map(ValueText.key))
        }
    }
}
