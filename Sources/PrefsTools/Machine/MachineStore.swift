public import PrefsCore
import Synchronization

/// Every settings store of the machine as one store of suites, for the editor's machine view: each suite is named
/// by its store's word and its own name (``MachineSuiteName``), and is its store's own suite, with every capability
/// it has (history, undo, locks, layers).
///
/// A member that cannot list its suites or watch them does not hide the others: its problem is kept
/// (``problems``) and told to observers, and the rest of the machine goes on.
public final class MachineStore: SuiteStore {
    /// One store of the machine.
    public struct Member: Sendable {
        /// The store's `--store` word.
        public let word: String
        /// What it is, for people.
        public let summary: String
        /// The store.
        public let store: any SuiteStore
        /// Its schemas.
        public let schemas: any PreferenceSchemaSource

        /// A store of the machine.
        ///
        /// - Parameters:
        ///   - word: Its `--store` word, which holds no colon.
        ///   - summary: What it is, for people.
        ///   - store: The store.
        ///   - schemas: Its schemas.
        public init(word: String, summary: String, store: any SuiteStore, schemas: any PreferenceSchemaSource) {
            self.word = word
            self.summary = summary
            self.store = store
            self.schemas = schemas
        }
    }

    /// The stores, in the order the view shows them (the desktop's own first).
    public let members: [Member]
    private let problemsByWord = Mutex<[String: String]>([:])
    private let deliveryProblems = Mutex<[any Error]>([])

    /// The machine's stores, nothing read yet.
    ///
    /// - Parameters:
    ///   - members: The stores, in the order shown; each word once.
    ///   - unavailable: The stores here that could not be opened, by word, with why: shown, and said.
    public init(members: [Member], unavailable: [(word: String, problem: String)] = []) {
        self.members = members
        words = members.map(\.word) + unavailable.map(\.word)
        problemsByWord.withLock { problems in
            for (word, problem) in unavailable { problems[word] = problem }
        }
    }

    /// Every store's word, those that could not be opened after the others: a folder each at the top.
    public let words: [String]

    public var locationDescription: String { "this machine (\(members.map(\.word).joined(separator: ", ")))" }

    public var schemaSource: any PreferenceSchemaSource { MachineSchemas(store: self) }

    /// The member a word names.
    ///
    /// - Parameter word: The store's word.
    /// - Returns: The member, or `nil`.
    public func member(_ word: String) -> Member? {
        members.first { $0.word == word }
    }

    /// Every member's folders (``/PrefsCore/SuiteStore/suiteFolderTitles()``), named by their word.
    public func suiteFolderTitles() -> [String: String] {
        var titles: [String: String] = [:]
        for member in members {
            for (start, title) in member.store.suiteFolderTitles() {
                titles[MachineSuiteName(store: member.word, suite: start).description] = title
            }
        }
        return titles
    }

    /// Why each store that could not be listed was not, by word, as of the last listing.
    public var problems: [String: String] { problemsByWord.withLock { $0 } }

    /// Every member's suites, named by their word; a member that cannot list them lists none, and its problem is
    /// kept in ``problems``.
    public func listSuites() throws -> [String] {
        members.flatMap { member in
            listed(member) { try $0.store.listSuites() }.map {
                MachineSuiteName(store: member.word, suite: $0).description
            }
        }
    }

    /// What a member lists, noting why it could not list it.
    func listed(_ member: Member, _ list: (Member) throws -> [String]) -> [String] {
        do {
            let names = try list(member)
            problemsByWord.withLock { $0[member.word] = nil }
            return names
        } catch {
            problemsByWord.withLock { $0[member.word] = "\(error)" }
            return []
        }
    }

    public func anySuite(_ name: String) throws -> any PersistentKeyValueStore {
        let (member, suite) = try resolve(name)
        return try member.store.anySuite(suite)
    }

    public func checkSuiteName(_ name: String) throws {
        let (member, suite) = try resolve(name)
        try member.store.checkSuiteName(suite)
    }

    /// The member and the suite's own name a machine name names.
    ///
    /// - Throws: ``PersistentKeyValueStoreError`` for a name without a store, or with a word no member has.
    func resolve(_ name: String) throws -> (Member, String) {
        let words = members.map(\.word).joined(separator: ", ")
        guard let parsed = MachineSuiteName(name) else {
            throw PersistentKeyValueStoreError(
                .refused,
                message: "name a suite of this machine as STORE:SUITE, STORE one of \(words) "
                    + "(or open one store with --store)")
        }
        guard let member = member(parsed.store) else {
            throw PersistentKeyValueStoreError(
                .refused,
                message: "no store \(TextEscaping.quoted(parsed.store)) on this machine (it has \(words))")
        }
        return (member, parsed.suite)
    }
}

// MARK: - Delivery problems

extension MachineStore {
    /// Keeps a member's failure to start delivering for the next observer.
    func noteDeliveryProblem(_ error: any Error) {
        deliveryProblems.withLock { $0.append(error) }
    }

    /// The failures kept for the next observer, forgotten once taken.
    func takeDeliveryProblems() -> [any Error] {
        deliveryProblems.withLock { problems in
            defer { problems = [] }
            return problems
        }
    }
}
