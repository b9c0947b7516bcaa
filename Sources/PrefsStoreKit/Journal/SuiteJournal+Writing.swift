public import PrefsCore

extension SuiteJournal {
    /// A write a store planned under its suite's lock: the changes it makes, and how to make them.
    public struct Plan {
        /// The changes, each with its old and new value and the write's writer.
        public let changes: [PersistentKeyValueChange]
        /// Makes them: the store's own call (dconf's `Change`, xfconfd's `SetProperty`); throws when it failed.
        public let make: () throws -> Void

        /// - Parameters:
        ///   - changes: The changes the write makes.
        ///   - make: Makes them.
        public init(changes: [PersistentKeyValueChange], make: @escaping () throws -> Void) {
            self.changes = changes
            self.make = make
        }
    }

    /// The journaled write of every store that keeps its values elsewhere, in one place: lock, read and plan, stage,
    /// make, commit.
    ///
    /// Holding the suite's lock, and inside `holding` (the store's own lock, if it has one), `plan` reads what the
    /// suite holds now, refuses what its store refuses (an `expecting` that no longer holds, a schema's type or
    /// range, a lock) and returns the changes with how to make them, or `nil` when there are none. They are staged in
    /// the journal, made, and committed (`journaling(_:suite:writer:onFailure:making:)`). A store that tells
    /// changes from what it saw records its own as it makes them (``SeenValues/making(_:_:)``). The caller tells its
    /// observers once this returns.
    ///
    /// - Parameters:
    ///   - suite: The suite's journal name.
    ///   - timeout: How long to wait for another writer of the suite.
    ///   - onFailure: Told when the journal cannot be written; the write is made all the same.
    ///   - holding: Runs the steps from reading to committing as one step for the store's own programs, inside their
    ///     lock (KDE's `<file>.lock`); runs them as they are by default.
    ///   - plan: Reads and plans, given the write's writer.
    /// - Returns: The changes that took effect; none when `plan` planned none.
    /// - Throws: The lock's error, what `holding` throws, or what `plan` or the plan's `make` throws; nothing counts
    ///   as history then.
    public func write(
        suite: String, timeout: Duration, onFailure: (PersistentKeyValueStoreError) -> Void,
        holding: (_ steps: () throws -> [PersistentKeyValueChange]) throws -> [PersistentKeyValueChange] = { try $0() },
        plan: (PersistentKeyValueChange.Writer) throws -> Plan?
    ) throws -> [PersistentKeyValueChange] {
        let writer = PersistentKeyValueChange.Writer.current
        // `holding` runs the steps at once and keeps none of them; Swift cannot see that of a closure parameter.
        return try withoutActuallyEscaping(plan) { plan in
            try withoutActuallyEscaping(onFailure) { onFailure in
                try withLock(suite, timeout: timeout) {
                    try holding {
                        guard let planned = try plan(writer), !planned.changes.isEmpty else { return [] }
                        try journaling(
                            planned.changes, suite: suite, writer: writer, onFailure: onFailure,
                            making: planned.make)
                        return planned.changes
                    }
                }
            }
        }
    }
}
