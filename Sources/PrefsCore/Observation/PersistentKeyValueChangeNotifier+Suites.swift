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
        addObserver(
            { changes in
                let kept = changes.filter { $0.suite.map(suites.contains) ?? false }
                if !kept.isEmpty { handler(kept) }
            }, onProblem: onProblem)
    }
}
