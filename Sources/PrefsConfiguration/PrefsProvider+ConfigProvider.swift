public import Configuration
import PrefsKit
import Synchronization

extension PrefsProvider: ConfigProvider {
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let suite = suite.suite
        return try lookup.result(for: key, type: type) { suite.effectiveValue(forKey: $0).value }
    }

    public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        // The suite is already current: a file suite is kept up to date by its watcher, a PostgreSQL suite by LISTEN.
        try value(forKey: key, type: type)
    }

    nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey, type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>)
            async throws
            -> Return
    ) async throws -> Return {
        let (stream, continuation) = AsyncStream<Result<LookupResult, any Error>>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let reference = suite
        let lookup = lookup
        let last = Mutex<ConfigLookup.Outcome?>(nil)
        // Each check reads the suite and yields under the watcher's own lock, so that the last value yielded is always
        // the suite's newest, however two changes' deliveries interleave.
        let check: @Sendable () -> Void = {
            last.withLock { last in
                let outcome = lookup.outcome(for: key, type: type) {
                    reference.suite.effectiveValue(forKey: $0).value
                }
                guard outcome != last else { return }
                last = outcome
                continuation.yield(outcome.result)
            }
        }
        // Observed before the first read, so that no change falls between the two.
        let observation = reference.suite.changeNotifier.addObserver(keys: lookup.observedKeys(for: key)) { _ in
            check()
        }
        check()
        defer {
            observation.cancel()
            continuation.finish()
        }
        return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
    }

    public func snapshot() -> any ConfigSnapshot {
        PrefsSnapshot(providerName: providerName, values: suite.suite.effectiveValues(), lookup: lookup)
    }

    nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws ->
            Return
    ) async throws -> Return {
        let (stream, continuation) = AsyncStream<any ConfigSnapshot>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let reference = suite
        let lookup = lookup
        let name = providerName
        let last = Mutex<[String: PropertyListValue]?>(nil)
        // A suite posts one write's changes together, after the write took effect, so each snapshot taken here holds
        // all of a write or none of it.
        let check: @Sendable () -> Void = {
            last.withLock { last in
                let values = reference.suite.effectiveValues()
                guard values != last else { return }
                last = values
                continuation.yield(PrefsSnapshot(providerName: name, values: values, lookup: lookup))
            }
        }
        let observation = reference.suite.changeNotifier.addObserver { _ in check() }
        check()
        defer {
            observation.cancel()
            continuation.finish()
        }
        return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
    }
}
