import ArgumentParser
import Foundation

/// Starts `prefs`: the plain forms of `prefs write` take a short path (see ``WriteRequest/init(arguments:)``), and
/// everything else goes through argument-parser.
@main
enum Entry {
    static func main() {
        let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
        guard let write = WriteRequest(arguments: arguments) else {
            Prefs.main(arguments)
            return
        }
        do {
            try write.perform()
        } catch {
            Output.error("\(error)")
            exit(1)
        }
    }
}
