public import PrefsCore

/// Other processes' changes from every store of the machine, their suites named as the machine names them.
extension MachineStore {
    public func addObserver(
        _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        observe(members.map { ($0, nil) }, handler, onProblem: onProblem)
    }

    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        let names = suites.compactMap(MachineSuiteName.init)
        let watched = members.compactMap { member -> (Member, Set<String>?)? in
            let own = Set(names.filter { $0.store == member.word }.map(\.suite))
            return own.isEmpty ? nil : (member, own)
        }
        return observe(watched, handler, onProblem: onProblem)
    }

    /// Observes some members, all their suites or some; a member that could not start delivering is told first.
    private func observe(
        _ watched: [(Member, Set<String>?)], _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        for problem in takeDeliveryProblems() { onProblem?(problem) }
        let observations = watched.map { member, suites -> PersistentKeyValueObservation in
            let word = member.word
            let renamed: @Sendable ([PersistentKeyValueChange]) -> Void = { changes in
                handler(changes.map { Self.named($0, in: word) })
            }
            var problem: (@Sendable (any Error) -> Void)?
            if let onProblem {
                problem = { onProblem(MachineMemberError(word: word, underlying: $0)) }
            }
            guard let suites else { return member.store.addObserver(renamed, onProblem: problem) }
            return member.store.addObserver(ofSuites: suites, renamed, onProblem: problem)
        }
        return PersistentKeyValueObservation { for observation in observations { observation.cancel() } }
    }

    /// A member's change as the machine names it.
    static func named(_ change: PersistentKeyValueChange, in word: String) -> PersistentKeyValueChange {
        PersistentKeyValueChange(
            suite: change.suite.map { MachineSuiteName(store: word, suite: $0).description }, key: change.key,
            oldValue: change.oldValue, newValue: change.newValue, origin: change.origin, writer: change.writer,
            reverted: change.reverted, isAbridged: change.isAbridged, isRedacted: change.isRedacted,
            systemLayer: change.systemLayer)
    }

    /// Runs every member's background work side by side until cancelled; one that dies leaves the others running
    /// (its observers were told), and its error is thrown once all have ended.
    public func run() async throws {
        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            for member in members {
                group.addTask {
                    do {
                        try await member.store.run()
                        return nil
                    } catch is CancellationError {
                        return nil
                    } catch {
                        return MachineMemberError(word: member.word, underlying: error)
                    }
                }
            }
            var first: (any Error)?
            for await error in group where first == nil { first = error }
            return first
        }
        if let failure { throw failure }
    }

    /// Starts every member that can deliver before its service runs; one that cannot is told to the next observer
    /// (the editor's), rather than keep the others from starting.
    public func startDelivering() throws -> PersistentKeyValueObservation? {
        var started: [PersistentKeyValueObservation] = []
        for member in members {
            do {
                if let observation = try member.store.startDelivering() { started.append(observation) }
            } catch {
                noteDeliveryProblem(MachineMemberError(word: member.word, underlying: error))
            }
        }
        let all = started
        return PersistentKeyValueObservation { for observation in all { observation.cancel() } }
    }
}

/// What went wrong in one store of the machine, named by its word.
public struct MachineMemberError: Error, Sendable, CustomStringConvertible {
    /// The store's word.
    public let word: String
    /// Its own error.
    public let underlying: any Error

    public var description: String { "\(word): \(underlying)" }
}
