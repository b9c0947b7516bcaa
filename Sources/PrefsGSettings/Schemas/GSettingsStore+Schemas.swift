import PrefsCore
import PrefsGLib
import PrefsStoreKit
import Synchronization
import SystemPackage

extension GSettingsStore {
    /// The schemas suites are looked up in: those read again after the last change seen, else GLib's default.
    ///
    /// - Important: The caller holds ``GIOLock``.
    func currentSchemaSource() -> SchemaSource? {
        let reread = rereadSchemas.withLock { $0 }
        return reread.map(\.source) ?? SchemaSource.processDefault()
    }

    /// Reads the compiled schemas again after one of their files changed.
    ///
    /// The GSettings object of a suite whose schema is no longer the same, or is gone, is forgotten, so that the next
    /// open of that suite reads its keys anew; asking the old object about a key it does not know would abort the
    /// process. A suite kept open for the store's observers is opened again at once.
    ///
    /// - Returns: Every suite with a schema, before or after: which of them changed, GLib cannot say.
    func rereadCompiledSchemas() -> Set<String> {
        let (names, stale) = GIOLock.run {
            let before = currentSchemaSource()?.schemaIDs.fixed ?? []
            let after = SchemaSource.chain(of: Self.schemaFolderList())
            rereadSchemas.withLock { $0 = RereadSchemas(source: after) }
            let stale = objects.withLock { objects in
                let changed = objects.filter { name, settings in
                    guard let location = try? SuiteLocation(name), let schema = after?.lookup(location.schema) else {
                        return true
                    }
                    return schema.declaration != settings.schema.declaration
                }
                for name in changed.keys { objects[name] = nil }
                return Array(changed.keys)
            }
            return (Set(before).union(after?.schemaIDs.fixed ?? []), stale)
        }
        GSettingsSchemas.forgetCachedSchemas()
        schemaPaths.withLock { $0 = nil }
        described.withLock { $0 = nil }
        let reopen = observed.release(stale)
        suites.withLock { suites in
            for name in stale { suites[name] = nil }
        }
        // A suite whose schema is gone stays closed; its observers hear nothing more from it.
        for name in reopen { _ = try? suite(name) }
        return names
    }
}

/// The compiled schemas as read again, or `nil` in them when no folder holds any any more.
struct RereadSchemas: Sendable {
    let source: SchemaSource?
}

extension Schema {
    /// What the schema declares, to tell whether a compiled file changed it: its path, and each key's name, type,
    /// default, range and texts.
    ///
    /// - Important: The caller holds ``GIOLock``.
    var declaration: [String] {
        [path ?? ""]
            + keyNames.sorted().map { name in
                guard let key = key(name) else { return name }
                return [
                    name, key.typeString, key.defaultValue.text, key.range.text, key.summary ?? "",
                    key.description ?? "",
                ].joined(separator: "\u{1F}")
            }
    }
}
