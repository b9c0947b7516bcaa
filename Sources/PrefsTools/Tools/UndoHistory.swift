public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A suite's history as undo and redo stacks: the writes that can be undone, and the undos that can be redone.
///
/// It is read from the store's history (the file store's journal, the PostgreSQL store's history table), so
/// `prefs undo`, `prefs redo` and the editor share it. An undo or a redo is a write like any other, which names the
/// write it reverts (``/PrefsCore/PersistentKeyValueChange/Writer/reverts``); replaying the history oldest first, an
/// undo takes its write off the undo stack and onto the redo stack, a redo takes it back, and any other write clears
/// the redo stack, as in an editor.
public struct UndoHistory: Sendable {
    /// One write: every change one commit made.
    public struct Write: Sendable, Hashable {
        /// The write's identifier in the history, when the store records one.
        public let id: String?
        /// When it was made.
        public let time: Date?
        /// Its changes, in the order recorded.
        public let changes: [PersistentKeyValueChange]

        /// The undo of this write.
        ///
        /// - Parameter suite: The suite's name.
        /// - Returns: The undo: what the write's keys held before it, and what it left.
        /// - Throws: ``ToolError`` when a change's values were too large to keep, or are a secret's, or when the
        ///   history holds only some of the write's changes: reverting those alone would leave a state that never was.
        public func undo(suite: String) throws -> SuiteUndo {
            if let size = changes.first?.writer?.changeCount, changes.count < size {
                throw ToolError(
                    "the write changed \(size) keys, and the history keeps only \(changes.count) of them; "
                        + "nothing was undone", code: .nothingToUndo)
            }
            if let abridged = changes.first(where: \.isAbridged) {
                let why =
                    abridged.isRedacted
                    ? "is a secret's, whose values the history never keeps" : "was too large to keep"
                throw ToolError(
                    "the change of \(TextEscaping.quoted(abridged.key)) \(why); nothing was undone",
                    code: .nothingToUndo)
            }
            var before: [String: PropertyListValue?] = [:]
            var after: [String: PropertyListValue?] = [:]
            for change in changes {
                if before[change.key] == nil { before[change.key] = .some(change.oldValue) }
                after[change.key] = .some(change.newValue)
            }
            return SuiteUndo(suite: suite, before: before, after: after)
        }
    }

    /// The suite's name.
    public let suite: String
    /// The writes that can be undone, oldest first: `undo` reverts the last.
    public let undoable: [Write]
    /// The undos that can be redone, oldest first: `redo` reverts the last.
    public let redoable: [Write]

    /// The stacks a history leaves.
    ///
    /// - Parameters:
    ///   - suite: The suite's name.
    ///   - changes: Its history, oldest first.
    public init(suite: String, changes: [PersistentKeyValueChange]) {
        self.suite = suite
        var undoable: [Write] = []
        var redoable: [Write] = []
        for (write, reverts) in Self.writes(of: changes) {
            if let reverts, let index = undoable.lastIndex(where: { $0.id == reverts }) {
                undoable.remove(at: index)
                redoable.append(write)
            } else if let reverts, let index = redoable.lastIndex(where: { $0.id == reverts }) {
                redoable.remove(at: index)
                undoable.append(write)
            } else if reverts != nil {
                // It reverts a write the bounded history no longer holds: undoing it would redo that write, which is
                // not what `undo` after an undo means, and there is nothing to redo it onto.
                continue
            } else {
                undoable.append(write)
                redoable.removeAll()
            }
        }
        self.undoable = undoable
        self.redoable = redoable
    }

    /// A suite's undo history, read from its store.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - name: The suite's name.
    /// - Throws: ``ToolError`` when the store keeps no history; the store's error when it cannot be read.
    public init(of suite: any PersistentKeyValueStore, name: String) throws {
        guard let history = suite.changeHistory else {
            throw ToolError(
                "suite \(TextEscaping.quoted(name)) keeps no history, so nothing can be undone", code: .nothingToUndo)
        }
        self.init(suite: name, changes: try history.history(key: nil, limit: nil))
    }

    /// Groups changes into writes: by identifier, or for a store that records none, by writer and moment.
    static func writes(of changes: [PersistentKeyValueChange]) -> [(Write, reverts: String?)] {
        var groups: [[PersistentKeyValueChange]] = []
        for change in changes {
            if let last = groups.last?.last, sameWrite(last, change) {
                groups[groups.count - 1].append(change)
            } else {
                groups.append([change])
            }
        }
        return groups.compactMap { group in
            group.first.map { first in
                (Write(id: first.writer?.write, time: first.writer?.time, changes: group), first.writer?.reverts)
            }
        }
    }

    private static func sameWrite(_ one: PersistentKeyValueChange, _ other: PersistentKeyValueChange) -> Bool {
        if let identifier = one.writer?.write { return other.writer?.write == identifier }
        return other.writer?.write == nil && one.writer?.pid == other.writer?.pid
            && one.writer?.host == other.writer?.host && one.writer?.time == other.writer?.time
    }
}
