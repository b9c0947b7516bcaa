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

    /// The kinds of value, beyond text, numbers, flags and lists, a store may not hold: where it does not, the checks
    /// expect a write of one to be refused, and nothing stored.
    public struct Holds: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Dates, as property lists hold them.
        public static let dates = Holds(rawValue: 1 << 0)
        /// Bytes (a Codable value's JSON, as `UserDefaults` keeps it).
        public static let data = Holds(rawValue: 1 << 1)
        /// Dictionaries of values.
        public static let dictionaries = Holds(rawValue: 1 << 2)
        /// Every kind a property list holds.
        public static let all: Holds = [.dates, .data, .dictionaries]
    }

    private let makeScope: @Sendable () throws -> ScopedStore
    private let typedBySchema: Bool
    private let holds: Holds

    /// Creates the suite over a kind of store.
    ///
    /// - Parameters:
    ///   - typedBySchema: Whether the store types every key by a schema of its own, as GSettings and KConfig with a
    ///     `.kcfg` do: it then refuses a value of another type rather than storing it, and the checks expect the
    ///     refusal.
    ///   - holds: The kinds of value the store holds beyond text, numbers, flags and lists; by default every kind for
    ///     a store not typed by a schema, and all but dates for one that is (GSettings has no type for a date).
    ///   - makeScope: Makes a fresh, empty store in its scope; called once per check.
    public init(
        typedBySchema: Bool = false, holds: Holds? = nil, _ makeScope: @escaping @Sendable () throws -> ScopedStore
    ) {
        self.typedBySchema = typedBySchema
        self.holds = holds ?? (typedBySchema ? [.data, .dictionaries] : .all)
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
        case .everyKindOfValueRoundTrips: Self.everyKindOfValueRoundTrips(store, holds: holds)
        case .removingAndWritingNilRestoreTheDefault: Self.removingAndWritingNilRestoreTheDefault(store)
        case .subscriptReadsAndWrites: Self.subscriptReadsAndWrites(store)
        case .valuesOfTheWrongTypeReadAsTheDefaultAndSaySo:
            if typedBySchema { Self.wrongTypesRefused(store) } else { try Self.wrongTypes(store) }
        case .undecodableValuesReadAsTheDefaultWithTheReason: try Self.undecodableValues(store, holds: holds)
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
