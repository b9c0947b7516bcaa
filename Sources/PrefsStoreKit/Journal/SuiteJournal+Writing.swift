public import PrefsCore

extension SuiteJournal {
    /// A write a store planned under its suite's lock: the changes it makes, and how to make them.
    public struct Plan {
        /// The changes, each with its old and new value and the write's writer.
        public let changes: [PersistentKeyValueChange]
        /// Changes no writer's record explains, found while planning: recorded before the write's own.
        let found: [JournalRecord]
        /// Whether the write is made without changes to record (a file rewritten in another format, or removed).
        let madeWithoutChanges: Bool
        /// Makes them, calling its argument (which stages the records) once, just before the change appears.
        let make: (_ stage: () -> Void) throws -> Void

        /// A write made by one call (dconf's `Change`, xfconfd's `SetProperty`), its records staged just before it.
        ///
        /// - Parameters:
        ///   - changes: The changes the write makes.
        ///   - make: Makes them; throws when it failed.
        public init(changes: [PersistentKeyValueChange], make: @escaping () throws -> Void) {
            self.init(changes: changes) { stage in
                stage()
                try make()
            }
        }

        /// A write that stages its records itself, just before its change appears (a file swapped in: the records
        /// staged before the rename tell a watcher woken by it who made it).
        ///
        /// - Parameters:
        ///   - changes: The changes the write makes.
        ///   - found: Changes no writer's record explains, found under the lock, recorded first.
        ///   - madeWithoutChanges: Whether the write is made even with no changes.
        ///   - make: Makes them, calling its argument once, just before the change appears; throws when it failed.
        package init(
            changes: [PersistentKeyValueChange], found: [JournalRecord] = [], madeWithoutChanges: Bool = false,
            staging make: @escaping (_ stage: () -> Void) throws -> Void
        ) {
            (self.changes, self.found, self.madeWithoutChanges, self.make) = (changes, found, madeWithoutChanges, make)
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
    ///   - lock: The lock every writer of the suite takes, when it is not the journal's (the file store's, beside its
    ///     file); while it is held another's write to its file restarts the wait.
    ///   - holding: Runs the steps from reading to committing as one step for the store's own programs, inside their
    ///     lock (KDE's `<file>.lock`); runs them as they are by default.
    ///   - plan: Reads and plans, given the write's writer.
    /// - Returns: The changes that took effect; none when `plan` planned none.
    /// - Throws: The lock's error, what `holding` throws, or what `plan` or the plan's `make` throws; nothing counts
    ///   as history then.
    public func write(
        suite: String, timeout: Duration, onFailure: (PersistentKeyValueStoreError) -> Void, lock: SuiteLock? = nil,
        holding: (_ steps: () throws -> [PersistentKeyValueChange]) throws -> [PersistentKeyValueChange] = { try $0() },
        plan: (PersistentKeyValueChange.Writer) throws -> Plan?
    ) throws -> [PersistentKeyValueChange] {
        let writer = PersistentKeyValueChange.Writer.current
        // `holding` runs the steps at once and keeps none of them; Swift cannot see that of a closure parameter.
        return try withoutActuallyEscaping(plan) { plan in
            try withoutActuallyEscaping(onFailure) { onFailure in
                func steps() throws -> [PersistentKeyValueChange] {
                    try holding {
                        guard let planned = try plan(writer), !planned.changes.isEmpty || planned.madeWithoutChanges
                        else { return [] }
                        try journaling(
                            planned.changes, found: planned.found, suite: suite, writer: writer, onFailure: onFailure,
                            making: planned.make)
                        return planned.changes
                    }
                }
                guard let lock else { return try withLock(suite, timeout: timeout, steps) }
                var outcome: Result<[PersistentKeyValueChange], any Error> = .success([])
                try lock.withLock(exclusive: true, timeout: timeout, whileOthersWrite: true) {
                    outcome = Result(catching: steps)
                }
                return try outcome.get()
            }
        }
    }
}
