import Foundation
import PrefsKit

/// What the command line asked for.
///
/// Launch arguments (`-theme dark`) are left to PrefsKit.
struct DemoCommand {
    enum Action: Equatable {
        case show
        case setTheme(String)
        case schema
        case installSchema
        case edit
        case reset
        case help
    }

    var action: Action = .show
    var suite = ThemeSettings.suiteName

    static let usage = """
        usage: theme-demo [--suite NAME] [show | set-theme light|dark|black | schema | install-schema | edit | reset]
                          [-KEY VALUE ...]

          show        count this launch and print every setting (the default)
          set-theme   store a theme
          schema      print the preference schema as a JSON manifest
          install-schema
                      install that manifest where `prefs` and the editor find it
          edit        open the preferences editor on this app's settings, with its schema
          reset       remove every stored setting
          -KEY VALUE  override a setting for this run only, e.g. -theme dark
        """

    init(arguments: [String]) throws(DemoError) {
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--suite" {
                guard index + 1 < arguments.count else { throw DemoError("--suite needs a name") }
                suite = arguments[index + 1]
                index += 2
            } else if argument == "--help" || argument == "-h" {
                action = .help
                return
            } else if argument.hasPrefix("-") && !argument.hasPrefix("--") && index + 1 < arguments.count {
                index += 2  // a launch-argument override, read by PrefsKit
            } else if argument.hasPrefix("-") {
                throw DemoError("unknown option \(TextEscaping.quoted(argument))")
            } else {
                positional.append(argument)
                index += 1
            }
        }
        switch positional.first {
        case nil, "show": action = .show
        case "set-theme":
            guard positional.count == 2 else { throw DemoError("set-theme needs one theme: light, dark or black") }
            action = .setTheme(positional[1])
        case "schema": action = .schema
        case "install-schema": action = .installSchema
        case "edit": action = .edit
        case "reset": action = .reset
        case let other?: throw DemoError("unknown command \(TextEscaping.quoted(other))")
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
