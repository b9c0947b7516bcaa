import ArgumentParser

extension Prefs {
    /// The name a command's writes are journaled under: `prefs` and the command's path (`prefs write`,
    /// `prefs schema install`, `prefs tui`), found in the tree of subcommands, so that it follows their names.
    ///
    /// - Parameter command: The command parsed.
    /// - Returns: Its name, or `prefs` for one not in the tree.
    static func writerName(of command: any ParsableCommand.Type) -> String {
        (["prefs"] + (path(to: command, under: Prefs.self) ?? [])).joined(separator: " ")
    }

    /// The names leading from a command to one of its subcommands, at any depth.
    private static func path(to target: any ParsableCommand.Type, under parent: any ParsableCommand.Type) -> [String]? {
        for child in parent.configuration.subcommands {
            let name = child.configuration.commandName ?? ""
            if ObjectIdentifier(child) == ObjectIdentifier(target) { return [name] }
            if let rest = path(to: target, under: child) { return [name] + rest }
        }
        return nil
    }
}
