import Foundation
import PrefsKit
public import Testing

/// The behaviour every ``/PrefsCore/SuiteStore`` must have: listing, opening, observing every suite or some, reopening,
/// and history, as checks a store's own tests run.
///
/// ```swift
/// @Test(arguments: SuiteStoreConformance.Check.allCases)
/// func conforms(check: SuiteStoreConformance.Check) async throws {
///     try await SuiteStoreConformance { try ScopedSuiteStore(…) }.run(check)
/// }
/// ```
public struct SuiteStoreConformance: Sendable {
    /// One behaviour; each runs on a fresh store.
    public enum Check: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case listsTheSuitesThatHoldKeys
        case opensSuitesIndependently
        case observesEverySuite
        case seesAnotherStoresWritesWhileRunning
        case observesOnlyTheSuitesAskedFor
        case reopenedStoreSeesEverything
        case historyRecordsEachWriteApart
        case anotherProgramsOverwriteIsHeardAndJournaled
        case aSchemaForbidsOnlyWhatItHoldsWhole
        case aWriteWaitingOnAnotherWriterEndsAtItsDeadline

        public var testDescription: String { rawValue }
    }

    private let makeScope: @Sendable () throws -> ScopedSuiteStore

    /// Creates the suite over a kind of store.
    ///
    /// - Parameter makeScope: Makes a fresh, empty store in its scope; called once per check.
    public init(_ makeScope: @escaping @Sendable () throws -> ScopedSuiteStore) {
        self.makeScope = makeScope
    }

    /// Runs one check on a fresh store.
    ///
    /// - Parameter check: The behaviour to check.
    /// - Throws: When the store cannot be made, or a step that must succeed throws.
    public func run(_ check: Check) async throws {
        let scope = try makeScope()
        defer { withExtendedLifetime(scope) {} }
        switch check {
        case .listsTheSuitesThatHoldKeys: try Self.listing(scope)
        case .opensSuitesIndependently: try Self.independentSuites(scope)
        case .observesEverySuite: try await Self.observing(scope)
        case .seesAnotherStoresWritesWhileRunning: try await Self.otherStoresWrites(scope)
        case .observesOnlyTheSuitesAskedFor: try await Self.observingSome(scope)
        case .reopenedStoreSeesEverything: try Self.reopening(scope)
        case .historyRecordsEachWriteApart: try Self.history(scope)
        case .anotherProgramsOverwriteIsHeardAndJournaled: try await Self.foreignOverwrite(scope)
        case .aSchemaForbidsOnlyWhatItHoldsWhole: try Self.partialSchema(scope)
        case .aWriteWaitingOnAnotherWriterEndsAtItsDeadline: try Self.deadline(scope)
        }
    }

    /// Runs every check, each on a fresh store.
    ///
    /// - Throws: When a store cannot be made, or a step that must succeed throws.
    public func runAll() async throws {
        for check in Check.allCases { try await run(check) }
    }
}
