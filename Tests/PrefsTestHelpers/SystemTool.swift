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
    /// Qt's own QSettings, through PyQt5, run by Debian's Python (the pyenv one lacks it).
    case pyqt5 = "python3-pyqt5"

    /// Where the tests run it.
    package var path: String {
        self == .pyqt5 ? "/usr/bin/python3" : "/usr/bin/\(rawValue)"
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
        case .pyqt5: "python3-pyqt5"
        }
    }

    /// Whether it is installed.
    package var isInstalled: Bool {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        return self != .pyqt5 || FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt5")
    }
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
