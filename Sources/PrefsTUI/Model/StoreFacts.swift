import PrefsCore
import PrefsTools

/// What a frame shows that only a store can say: read by the model once before each frame
/// (``EditorModel/readStoreFacts()``), so that the view draws from the model and this snapshot and never reads a
/// store itself.
struct StoreFacts {
    /// A pending change's key, by suite and key.
    struct PendingKey: Hashable {
        let suite: String
        let key: String
    }

    /// The suite open on the screen, when one is.
    var suite: String?
    /// Why that suite cannot be used, if it cannot.
    var problem: (any Error)?
    /// Where the suite is kept, for people: a file's path, a dconf path, a server's table.
    var location: String?
    /// The format the suite is kept in, when its store keeps documents: "binary property list".
    var format: String?
    /// The selected key's type in its store's own words, where they say more than the value's (`GVariant i`).
    var nativeType: String?
    /// The text the selected key's value expands from, when its store expands values as it reads them.
    var unexpandedText: String?
    /// Where the value of each key that can show comes from (the rows around the selection), by key.
    var provenance: [String: KeyProvenance] = [:]
    /// The selected key's newest changes, newest first.
    var recentChanges: [PersistentKeyValueChange] = []
    /// What each pending change's key holds now, when another process changed it since it was edited.
    var conflicts: [PendingKey: PropertyListValue?] = [:]

    /// What a pending change's key holds now, when another process changed it since it was edited.
    ///
    /// - Returns: `.some(value)` for a conflict (`.some(nil)`: removed), `nil` for none.
    func conflict(of change: PendingChange) -> PropertyListValue?? {
        conflicts[PendingKey(suite: change.suite, key: change.key)]
    }
}

extension EditorModel {
    /// Reads what the next frame shows that only a store can say (`StoreFacts`): the loop calls this before it
    /// draws, and the view reads these facts alone.
    public func readStoreFacts() {
        var facts = StoreFacts()
        let suite: String? =
            switch screen {
            case .keys(let name), .details(let name, _): name
            default: nil
            }
        if let suite {
            facts.suite = suite
            facts.problem = data.problem(of: suite)
            facts.location = data.location(of: suite) ?? data.store.locationDescription
            facts.format = data.format(of: suite)
            let key: String? =
                if case .details(_, let key) = screen { key } else { selectedKey?.key }
            if let key {
                facts.nativeType = data.nativeTypeName(of: key, inSuite: suite)
                facts.unexpandedText = data.unexpandedText(of: key, inSuite: suite)
                facts.recentChanges = recentChanges(suite: suite, key: key)
                if let row = rows.keyRows.row(for: key) { facts.provenance[key] = provenance(of: row, inSuite: suite) }
            }
            // Every row a list of this height can show around the selection, however the view lays it out.
            let around = max(0, selectedIndex - visibleRows)..<min(rows.keyRows.count, selectedIndex + visibleRows + 1)
            for index in around {
                let row = rows.keyRows[index]
                facts.provenance[row.key] = provenance(of: row, inSuite: suite)
            }
        }
        if case .pending = screen {
            for change in pending.changes {
                // A suite that cannot be opened shows its problem on its own screen; it shows no conflict here.
                guard let suite = try? data.suite(change.suite) else { continue }
                let now = suite.primitiveValue(forKey: change.key)
                if now != change.original {
                    facts.conflicts[StoreFacts.PendingKey(suite: change.suite, key: change.key)] = .some(now)
                }
            }
        }
        rows.facts = facts
    }
}
