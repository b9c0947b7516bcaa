import Foundation
import Testing

/// The programs of the machine some tests run as themselves, each with the Debian package that brings it: one table,
/// from which each suite's condition and its reason are made.
package enum SystemTool: String, CaseIterable, Sendable {
    case tmux
    case vim
    case gsettings
    case dconf
    case dbusDaemon = "dbus-daemon"
    case kreadconfig5
    case kwriteconfig5
    case xfconfQuery = "xfconf-query"
    case man
    case groff
    case psql
    case flatpak

    /// Where the tests run it.
    package var path: String {
        "/usr/bin/\(rawValue)"
    }

    /// The Debian package that installs it.
    package var package: String {
        switch self {
        case .tmux: "tmux"
        case .vim: "vim"
        case .gsettings: "libglib2.0-bin"
        case .dconf: "dconf-cli"
        case .dbusDaemon: "dbus"
        case .kreadconfig5, .kwriteconfig5: "libkf5config-bin"
        case .xfconfQuery: "xfconf"
        case .man: "man-db"
        case .groff: "groff-base"
        case .psql: "postgresql-client"
        case .flatpak: "flatpak"
        }
    }

    /// Whether it is installed.
    package var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where the programs it runs are installed, and says which package to install otherwise; under
    /// CI (`CI` set) it runs regardless, so that a missing install fails rather than passes unseen, as the
    /// PostgreSQL tests do.
    ///
    /// - Parameter tools: The programs.
    /// - Returns: The condition.
    package static func needs(_ tools: SystemTool...) -> Self {
        let packages = Array(Set(tools.map(\.package))).sorted()
        let names = tools.map(\.rawValue).joined(separator: ", ")
        return .enabled("needs \(names) (apt-get install \(packages.joined(separator: " ")))") {
            ProcessInfo.processInfo.environment["CI"] != nil || tools.allSatisfy(\.isInstalled)
        }
    }
}
