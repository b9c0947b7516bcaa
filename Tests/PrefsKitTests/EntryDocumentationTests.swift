import PrefsKit
import Synchronization
import Testing

/// An entry's documentation read on demand: once, and only when asked for.
@Suite struct EntryDocumentationTests {
    private let entry = PreferenceSchemaEntry(
        id: "clock-format", typeName: "GVariant s", kind: .enum, storage: .string, defaultValue: .string("24h"),
        summary: "given now", choices: [.string("12h"), .string("24h")])

    @Test func readsTheDocumentationOnceAndOnlyWhenAskedFor() {
        let reads = Mutex(0)
        let documented = entry.documented {
            reads.withLock { $0 += 1 }
            return ("Whether the clock displays in 24h or 12h format", "The clock's format.\n\nIn the top bar.")
        }
        // Everything else is the entry's own, and reading it reads no documentation.
        #expect(documented.id == "clock-format")
        #expect(documented.choices == [.string("12h"), .string("24h")])
        #expect(documented.defaultValue == .string("24h"))
        #expect(reads.withLock { $0 } == 0)
        #expect(documented.summary == "Whether the clock displays in 24h or 12h format")
        #expect(documented.description == "The clock's format.\n\nIn the top bar.")
        #expect(documented.summary == "Whether the clock displays in 24h or 12h format")
        #expect(reads.withLock { $0 } == 1)
        // The original keeps what it was given.
        #expect(entry.summary == "given now")
        #expect(entry.description == nil)
    }

    @Test func entriesDocumentedLaterCompareByTheirText() {
        let later = entry.documented { ("given now", nil) }
        let other = entry.documented { ("something else", nil) }
        #expect(later == entry)
        #expect(other != entry)
    }
}
