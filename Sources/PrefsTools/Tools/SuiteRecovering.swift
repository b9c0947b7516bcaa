public import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `prefs recover`: an unreadable suite's data moved aside, kept, and the suite started afresh.
public enum SuiteRecovering {
    /// Recovers a suite, and says what was done.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - source: Where its values come from.
    ///   - context: The store.
    /// - Returns: Lines for people: where the old data went, and what the suite holds now.
    /// - Throws: ``ToolError`` when the suite does not exist or its store cannot recover suites; the store's error.
    public static func recover(_ name: String, from source: SuiteRecoverySource, in context: ToolContext) throws
        -> [String]
    {
        guard let store = try context.store(creating: false), try store.listSuites().contains(name) else {
            try context.checkName(name)
            throw context.missing(name)
        }
        guard let suite = try store.anySuite(name).recovery else {
            throw ToolError(
                "suite \(TextEscaping.quoted(name)) is in a store that has nothing to recover", code: .refused)
        }
        let recovery = try suite.recover(from: source)
        switch source {
        case .nothing: return moved(recovery) + ["suite \(TextEscaping.quoted(name)) starts afresh"]
        case .previous: return moved(recovery) + ["restored \(keys(recovery)) from the previous version"]
        case .file(let url):
            return moved(recovery) + ["restored \(keys(recovery)) from \(TextEscaping.escaped(url.path))"]
        }
    }

    private static func moved(_ recovery: SuiteRecovery) -> [String] {
        recovery.movedAside.map { ["moved the unreadable file to \(TextEscaping.escaped($0.path))"] } ?? []
    }

    private static func keys(_ recovery: SuiteRecovery) -> String {
        "\(recovery.keys) key\(recovery.keys == 1 ? "" : "s")"
    }
}

extension SuiteRecovering {
    /// What `prefs recover` does: recovers a suite and prints what was done, as lines or as
    /// `{"suite": …, "notes": […]}`.
    ///
    /// - Parameters:
    ///   - name: The suite.
    ///   - fromPrevious: Whether to restore the version the last write replaced.
    ///   - file: A property list to restore instead, when given.
    ///   - json: Whether to print JSON.
    ///   - context: The store.
    /// - Throws: As ``recover(_:from:in:)``.
    public static func recover(
        _ name: String, fromPrevious: Bool, file: String?, json: Bool, in context: ToolContext
    ) throws {
        let source: SuiteRecoverySource =
            fromPrevious ? .previous : file.map { .file(URL(fileURLWithPath: $0)) } ?? .nothing
        let notes = try recover(name, from: source, in: context)
        json ? Output.json(["suite": name, "notes": notes] as [String: Any]) : Output.lines(notes)
    }
}
