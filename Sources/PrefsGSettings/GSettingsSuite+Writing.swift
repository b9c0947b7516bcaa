public import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GSettingsSuite {
    /// Writes several keys as one change through GSettings, which the dconf service stores and announces to every
    /// program, after checking each value against its key's type, range and choices.
    ///
    /// Under the suite's journal lock the keys are read as they are now, every value is checked, the changes are
    /// staged in the journal, applied as one dconf change, and, once the service has stored them
    /// (`g_settings_sync`), committed in the journal. Keys that already hold the value given are left out; `nil`
    /// resets a key to its default.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to reset it.
    ///   - expecting: What some keys must hold for the write to be made; `nil` means holding the default.
    /// - Returns: The changes that took effect.
    /// - Throws: ``GSettingsStoreError`` for a key the schema lacks, a value it does not allow, a locked key, or a
    ///   write the service did not store; ``/PrefsCore/PersistentKeyValueStoreError`` when a key does not hold what
    ///   `expecting` says. Nothing is written then.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        guard !changes.isEmpty else { return [] }
        let applied = try store.journal.write(
            suite: location.journalName, timeout: store.lockTimeout, onFailure: reportWriteFailure
        ) { writer in
            if let plan = try planWithoutGIO(changes, expecting: expecting, writer: writer) { return plan }
            let settings = try settings()
            let planned = try GIOLock.run { () throws -> [PlannedChange<Variant>] in
                try store.checkBackend()
                if let key = expecting.keys.sorted().first(where: { userValue($0) != expecting[$0] ?? nil }) {
                    throw PersistentKeyValueStoreError.changedSince(key: key)
                }
                return try plan(changes, settings: settings)
            }
            let applied = planned.map { $0.change(suite: name, writer: writer) }
            return SuiteJournal.Plan(changes: applied) { [self] in
                try GIOLock.run { () throws(GSettingsStoreError) in
                    try seen.making(applied) { () throws(GSettingsStoreError) in try apply(planned, settings: settings)
                    }
                }
            }
        }
        post(applied)
        return applied
    }

    /// Checks each change and converts its value; the caller holds ``GIOLock``.
    private func plan(_ changes: [String: PropertyListValue?], settings: Settings) throws(GSettingsStoreError)
        -> [PlannedChange<Variant>]
    {
        var planned: [PlannedChange<Variant>] = []
        for key in changes.keys.sorted() {
            guard let schemaKey = settings.schema.key(key) else { throw .unknownKey(suite: name, key: key) }
            guard settings.isWritable(key) else { throw .notWritable(suite: name, key: key) }
            let old = settings.userValue(key)
            guard let value = changes[key] ?? nil else {
                if let old {
                    planned.append(
                        PlannedChange<Variant>(key: key, variant: nil, old: VariantConversion.value(of: old), new: nil))
                }
                continue
            }
            let type = schemaKey.typeString
            let variant: Variant
            do {
                variant = try VariantConversion.variant(from: value, type: type, template: settings.value(key))
            } catch {
                throw .invalidValue(suite: name, key: key, reason: error.reason)
            }
            guard variant.isOfType(type) else {
                throw .invalidValue(suite: name, key: key, reason: "\(variant.text) is not of type \(type)")
            }
            guard schemaKey.allows(variant) else {
                throw .invalidValue(suite: name, key: key, reason: Self.outside(variant, allowed: schemaKey))
            }
            if let old, old.isEqual(to: variant) { continue }
            planned.append(
                PlannedChange(
                    key: key, variant: variant, old: old.map(VariantConversion.value(of:)),
                    new: VariantConversion.value(of: variant)))
        }
        return planned
    }

    /// Sets the keys as one dconf change and waits until the service has stored it; the caller holds ``GIOLock``.
    private func apply(_ planned: [PlannedChange<Variant>], settings: Settings) throws(GSettingsStoreError) {
        // A GSettings object of the write's own, so that holding its writes for one change affects no other.
        let batch = Settings(schema: settings.schema, path: location.path)
        batch.delay()
        for change in planned {
            if let variant = change.variant {
                guard batch.set(change.key, to: variant) else { throw .notWritable(suite: name, key: change.key) }
            } else {
                batch.reset(change.key)
            }
        }
        _ = DconfMessages.take()
        batch.apply()
        GIO.sync()
        if let problem = DconfMessages.take().first { throw .writeFailed(suite: name, reason: problem) }
        // dconf reports a change its service did not take (no bus) only through GLib's structured log, which a
        // library cannot catch; its engine then drops the change, and the key reads as it did.
        for change in planned {
            let held = batch.userValue(change.key)
            let stored = change.variant.map { held?.isEqual(to: $0) == true } ?? (held == nil)
            guard stored else {
                throw .writeFailed(
                    suite: name, reason: "\(change.key) does not hold what was written: \(Self.whyUnstored())")
            }
        }
    }

    /// Why a change GIO sent may not have been stored: the session bus, when it cannot be reached, else dconf's
    /// service or another writer, so that an unreachable bus is never blamed on the service.
    private static func whyUnstored() -> String {
        let environment = ProcessEnvironment.current
        do throws(SessionBusConnection.Failure) {
            _ = try SessionBusConnection(environment: environment)
            return "dconf's service did not take it, or another program changed it since"
        } catch {
            switch error {
            case .unreachable:
                let address = environment["DBUS_SESSION_BUS_ADDRESS"] ?? "?"
                return "the session bus at \(TextEscaping.quoted(address)) did not carry it to dconf's service (a "
                    + "transport prefs reaches only through GLib, whose own message says why)"
            case .failed, .error:
                return error.reason
            }
        }
    }

    /// Why a value of the right type is refused: the choices, flags or range it falls outside.
    private static func outside(_ variant: Variant, allowed key: SchemaKey) -> String {
        let entry = key.entry()
        if !entry.choices.isEmpty {
            return "\(variant.text) is not one of \(entry.choices.map(\.text).joined(separator: ", "))"
        }
        if let range = entry.range { return "\(variant.text) is out of range \(range)" }
        let flags = key.flags
        if !flags.isEmpty {
            return "\(variant.text) holds a flag the schema does not declare (flags: \(flags.joined(separator: ", ")))"
        }
        return "\(variant.text) is not allowed by the schema"
    }
}
