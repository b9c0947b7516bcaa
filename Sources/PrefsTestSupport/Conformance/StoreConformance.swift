import PrefsKit
public import Testing

/// The behaviour every ``/PrefsCore/PersistentKeyValueStore`` must have, as checks a store's own tests run.
///
/// A third-party store runs the same checks PrefsKit's stores pass, each on a fresh store:
///
/// ```swift
/// @Test(arguments: StoreConformance.Check.allCases)
/// func conforms(check: StoreConformance.Check) async throws {
///     try await StoreConformance { ScopedStore(store: MyStore()) }.run(check)
/// }
/// ```
///
/// Failures are recorded as Swift Testing issues at the check's own line, naming what went wrong.
public struct StoreConformance: Sendable {
    /// One behaviour; each runs on a fresh store.
    public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case unsetKeysReadTheirDefaults
        case everyKindOfValueRoundTrips
        case removingAndWritingNilRestoreTheDefault
        case subscriptReadsAndWrites
        case valuesOfTheWrongTypeReadAsTheDefaultAndSaySo
        case undecodableValuesReadAsTheDefaultWithTheReason
        case batchWritesApplyEveryChange
        case anotherHandleOnTheSameDataSeesWrites
        case debugKeysIgnoreStoredValuesInRelease
        case containersStoreUnderTheirKey
        case valuesStreamYieldsTheCurrentValueThenEachChange
        case changeStreamsCarryOldAndNewValues
        case streamsStopObservingWhenTheConsumerGoesAway

        public var testDescription: String { rawValue }
    }

    private let makeScope: @Sendable () throws -> ScopedStore
    private let typedBySchema: Bool

    /// Creates the suite over a kind of store.
    ///
    /// - Parameters:
    ///   - typedBySchema: Whether the store types every key by a schema of its own, as GSettings does: it then
    ///     refuses a value of another type, and a date, which it has no type for, rather than storing them, and the
    ///     checks expect the refusal.
    ///   - makeScope: Makes a fresh, empty store in its scope; called once per check.
    public init(typedBySchema: Bool = false, _ makeScope: @escaping @Sendable () throws -> ScopedStore) {
        self.typedBySchema = typedBySchema
        self.makeScope = makeScope
    }

    /// Runs one check on a fresh store.
    ///
    /// - Parameter check: The behaviour to check.
    /// - Throws: When the store cannot be made, or a step that must succeed throws.
    public func run(_ check: Check) async throws {
        let scope = try makeScope()
        defer { withExtendedLifetime(scope) {} }
        let store = scope.store
        switch check {
        case .unsetKeysReadTheirDefaults: Self.unsetKeysReadTheirDefaults(store)
        case .everyKindOfValueRoundTrips: Self.everyKindOfValueRoundTrips(store, holdsDates: !typedBySchema)
        case .removingAndWritingNilRestoreTheDefault: Self.removingAndWritingNilRestoreTheDefault(store)
        case .subscriptReadsAndWrites: Self.subscriptReadsAndWrites(store)
        case .valuesOfTheWrongTypeReadAsTheDefaultAndSaySo:
            if typedBySchema { Self.wrongTypesRefused(store) } else { try Self.wrongTypes(store) }
        case .undecodableValuesReadAsTheDefaultWithTheReason: try Self.undecodableValues(store)
        case .batchWritesApplyEveryChange: try Self.batchWrites(store)
        case .anotherHandleOnTheSameDataSeesWrites: try Self.anotherHandle(scope)
        case .debugKeysIgnoreStoredValuesInRelease: Self.debugKeys(store)
        case .containersStoreUnderTheirKey: Self.containers(store)
        case .valuesStreamYieldsTheCurrentValueThenEachChange: await Self.valuesStream(store)
        case .changeStreamsCarryOldAndNewValues: try await Self.changeStreams(store)
        case .streamsStopObservingWhenTheConsumerGoesAway: await Self.streamsStop(store)
        }
    }

    /// Runs every check, each on a fresh store.
    ///
    /// - Throws: When a store cannot be made, or a step that must succeed throws.
    public func runAll() async throws {
        for check in Check.allCases { try await run(check) }
    }
}
