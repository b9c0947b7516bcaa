public import PrefsCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The schemas of every store of the machine, their suites named as the machine names them (``MachineSuiteName``).
///
/// Installing, removing and mapping go to the store the suite names; a manifest that names no store's suite is
/// refused, saying how to name one.
public struct MachineSchemas: PreferenceSchemaSource {
    let store: MachineStore

    public var schemaLocationDescription: String {
        store.members.map { "\($0.word): \($0.schemas.schemaLocationDescription)" }.joined(separator: "; ")
    }

    /// Every member's suites that have a schema; a member whose schemas cannot be listed lists none, and its problem
    /// is kept in ``MachineStore/problems``.
    public func schemaSuites() throws -> [String] {
        store.members.flatMap { member in
            store.listed(member) { try $0.schemas.schemaSuites() }.map {
                MachineSuiteName(store: member.word, suite: $0).description
            }
        }
    }

    public func schema(for suite: String) throws -> PreferenceSchema? {
        let (member, own) = try store.resolve(suite)
        return try member.schemas.schema(for: own)
    }

    public func declaredKeyCount(for suite: String) -> Int? {
        guard let name = MachineSuiteName(suite), let member = store.member(name.store) else { return nil }
        return member.schemas.declaredKeyCount(for: name.suite)
    }

    public func installSchema(_ manifest: Data, suite: String?) throws -> (schema: PreferenceSchema, location: String) {
        guard let suite else {
            throw PreferenceSchemaSourceError(
                "a schema installed on this machine names its suite as STORE:SUITE; or open one store with --store")
        }
        let (member, own) = try store.resolve(suite)
        return try member.schemas.installSchema(manifest, suite: own)
    }

    public func uninstallSchema(for suite: String) throws -> Bool {
        let (member, own) = try store.resolve(suite)
        return try member.schemas.uninstallSchema(for: own)
    }

    /// Watches every member's schemas that can be watched; the suites changed are named as the machine names them.
    public func watchSchemas(
        creatingFolder: Bool, onChange: @escaping @Sendable (Set<String>) -> Void,
        onProblem: @escaping @Sendable (any Error) -> Void
    ) throws -> PersistentKeyValueObservation? {
        var watches: [PersistentKeyValueObservation] = []
        for member in store.members {
            let word = member.word
            do {
                let watch = try member.schemas.watchSchemas(
                    creatingFolder: creatingFolder,
                    onChange: { suites in
                        onChange(Set(suites.map { MachineSuiteName(store: word, suite: $0).description }))
                    }, onProblem: { onProblem(MachineMemberError(word: word, underlying: $0)) })
                if let watch { watches.append(watch) }
            } catch {
                onProblem(MachineMemberError(word: word, underlying: error))
            }
        }
        let all = watches
        return PersistentKeyValueObservation { for watch in all { watch.cancel() } }
    }
}
