import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import Synchronization

extension GSettingsSuite {
    /// Plans a write as ``commit(_:expecting:)`` does through GIO, for a suite that reads files.
    ///
    /// The write is planned from the files (`SchemaFiles.plan`), sent to dconf's service as one `Change` on a
    /// session-bus connection of its own, and waited for until the service has stored it, as `g_settings_sync`
    /// waits. The caller holds the journal's lock, and stages, makes and commits the plan.
    ///
    /// - Returns: The changes and how to make them, or `nil` when the write must go through GIO: the files cannot
    ///   tell, or the session bus's address names no Unix socket. Nothing is staged or sent then.
    /// - Throws: ``GSettingsStoreError`` for a key the schema lacks, a locked key, a session bus that cannot be reached
    ///   (nothing staged then), or a change the service did not store; ``/PrefsCore/PersistentKeyValueStoreError`` when a key does not hold what `expecting` says.
    func planWithoutGIO(
        _ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?],
        writer: PersistentKeyValueChange.Writer
    ) throws -> SuiteJournal.Plan? {
        guard let files, let writerPath = files.files.writerPath() else { return nil }
        for key in expecting.keys.sorted() {
            guard let held = fromFiles({ files throws(GLibFile.Unreadable) in try files.userValue(key) }) else {
                // Unset, or unknown here: GIO tells the two apart.
                return nil
            }
            if held != expecting[key] ?? nil { throw PersistentKeyValueStoreError.changedSince(key: key) }
        }
        guard let planned = try files.plan(changes, suite: name) else { return nil }
        guard !planned.isEmpty else { return SuiteJournal.Plan(changes: []) {} }
        let connection: SessionBusConnection
        do {
            connection = try SessionBusConnection(environment: files.files.environment)
        } catch .unreachable {
            return nil
        } catch {
            throw GSettingsStoreError.writeFailed(suite: name, reason: error.reason)
        }
        let applied = planned.map { $0.change(suite: name, writer: writer) }
        // Under GIO's lock, as through GIO: dconf's signal, heard on another thread, is compared under it.
        return SuiteJournal.Plan(changes: applied) { [self] in
            try GIOLock.run { () throws(GSettingsStoreError) in
                try seen.making(applied) { () throws(GSettingsStoreError) in
                    do throws(SessionBusConnection.Failure) {
                        let changeset = files.changeset(planned)
                        try connection.call(
                            destination: "ca.desrt.dconf", path: writerPath, interface: "ca.desrt.dconf.Writer",
                            member: "Change", signature: "ay"
                        ) { $0.byteArray(changeset) }
                    } catch {
                        throw GSettingsStoreError.writeFailed(suite: name, reason: error.reason)
                    }
                }
            }
        }
    }
}
