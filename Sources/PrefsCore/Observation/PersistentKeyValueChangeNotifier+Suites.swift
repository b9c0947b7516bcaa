extension PersistentKeyValueChangeNotifier {
    /// Adds an observer of some suites' changes, for a store's notifier, where every suite posts.
    ///
    /// - Parameters:
    ///   - suites: The suites' names.
    ///   - handler: Called with the changes to them, never with an empty array.
    ///   - onProblem: Called with the reason when the store stops seeing other processes' changes for a while.
    /// - Returns: A token; the observer stays until the token is cancelled or released.
    public func addObserver(
        ofSuites suites: Set<String>, _ handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void,
        onProblem: (@Sendable (any Error) -> Void)?
    ) -> PersistentKeyValueObservation {
        addObserver(PersistentKeyValueChange.forwarding(suites, to: handler), onProblem: onProblem)
    }
}

extension PersistentKeyValueChange {
    /// A handler that passes on the changes of some suites only, and nothing when none of a batch's are theirs.
    static func forwarding(
        _ suites: Set<String>, to handler: @escaping @Sendable ([PersistentKeyValueChange]) -> Void
    ) -> @Sendable ([PersistentKeyValueChange]) -> Void {
        { changes in
            let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
            if !kept.isEmpty { handler(kept) }
        }
    }
}
