public import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization

extension DconfDirectorySuite {
    /// Writes several keys as one dconf change, which the dconf service stores and announces to every program.
    ///
    /// Under the suite's journal lock the keys are read as they are now, each value is converted (keeping the type
    /// the key holds, in the user's database or a system one), the changes are staged in the journal, applied as
    /// one dconf change, and committed in the journal once the service stored them. Keys that already hold the value
    /// given are left out; `nil` resets a key.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to reset it.
    ///   - expecting: What some keys must hold for the write to be made; `nil` means unset.
    /// - Returns: The changes that took effect.
    /// - Throws: ``GSettingsStoreError`` for a key a schema here declares, an invalid key name, a value that does not
    ///   fit the key's type, a locked key, or a write the service did not store;
    ///   ``/PrefsCore/PersistentKeyValueStoreError`` when a key does not hold what `expecting` says. Nothing is
    ///   written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        try commit(inputs: changes.mapValues { $0.map(VariantInput.value) }, expecting: expecting)
    }

    /// Writes keys as ``commit(_:expecting:)`` does, some given as values and some as GVariant text.
    @discardableResult
    func commit(inputs changes: [String: VariantInput?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        guard !changes.isEmpty else { return [] }
        let applied = try store.journal.write(
            suite: SuiteLocation.journalName(of: name), timeout: store.lockTimeout, onFailure: reportWriteFailure
        ) { writer in
            let planned = try GIOLock.run { () throws -> [PlannedChange<Variant>] in
                try store.checkBackend()
                if let key = expecting.keys.sorted().first(where: {
                    userVariant($0).map(VariantConversion.value(of:)) != expecting[$0] ?? nil
                }) {
                    throw PersistentKeyValueStoreError.changedSince(key: key)
                }
                return try changes.keys.sorted().compactMap { key throws(GSettingsStoreError) in
                    try plan(key, changes[key] ?? nil)
                }
            }
            let applied = planned.map { $0.change(suite: name, writer: writer) }
            return SuiteJournal.Plan(changes: applied) { [self] in
                try GIOLock.run { () throws(GSettingsStoreError) in
                    try seen.making(applied) { () throws(GSettingsStoreError) in
                        do {
                            try client.change(planned.map { (name + $0.key, $0.variant) })
                        } catch {
                            throw .writeFailed(suite: name, reason: "\(error)")
                        }
                    }
                }
            }
        }
        post(applied)
        return applied
    }

    /// Checks one change and converts its value; the caller holds ``GIOLock``.
    private func plan(_ key: String, _ input: VariantInput?) throws(GSettingsStoreError) -> PlannedChange<Variant>? {
        guard isKeyName(key) else {
            throw .invalidValue(
                suite: name, key: key, reason: "a dconf key is a name without / under its directory, such as enabled")
        }
        if let owner, owner.keys.contains(key) {
            throw .declaredBySchema(directory: name, key: key, suite: owner.suite)
        }
        guard client.isWritable(name + key) else { throw .notWritable(suite: name, key: key) }
        let old = client.userValue(name + key)
        guard let input else {
            return old.map {
                PlannedChange<Variant>(key: key, variant: nil, old: VariantConversion.value(of: $0), new: nil)
            }
        }
        let variant: Variant
        do {
            switch input {
            case .text(let text):
                variant = try VariantConversion.parsedText(text)
            case .value(let value):
                // The type stored, the user's or a system database's, is kept; a new key takes its value's.
                if let template = old ?? client.systemValue(name + key) {
                    variant = try VariantConversion.variant(from: value, type: template.typeString, template: template)
                } else {
                    variant = try VariantConversion.inferredVariant(from: value)
                }
            }
        } catch {
            throw .invalidValue(suite: name, key: key, reason: error.reason)
        }
        if let old, old.isEqual(to: variant) { return nil }
        return PlannedChange(
            key: key, variant: variant, old: old.map(VariantConversion.value(of:)),
            new: VariantConversion.value(of: variant))
    }
}
