public import PrefsCore
import PrefsGLib
public import PrefsStoreKit

extension XfconfChannel: JournaledSuite {
    public var journal: SuiteJournal { store.journal }
    public var journalName: String { name }
    public var liveSystemLayers: LiveSystemLayers? { layers }
}

extension XfconfChannel: SuiteDiagnostics {
    public var locationDescription: String { "Xfconf channel \(name) (xfconfd)" }

    /// None: a channel is opened by asking xfconfd for its properties, so one that could not be read was never
    /// opened, and each later read that fails says why.
    public var suiteProblem: (any Error)? { nil }
}

extension XfconfChannel: NativeTextSuite {
    public var nativeSyntax: String { "gvariant" }

    /// The type xfconfd holds the property as, in `xfconf-query`'s words: `Xfconf int`, `Xfconf uint64`.
    public func nativeTypeName(forKey key: String) -> String? {
        // A property that cannot be read has no type to name; read-type still names its value's.
        (try? bus.property(key, of: name))?.map { "Xfconf \(XfconfValues.typeName(of: $0))" } ?? nil
    }

    /// Writes GVariant text, with the type the text gives it (`uint32 5`), when Xfconf holds that type.
    @discardableResult
    public func writeNativeText(_ text: String, forKey key: String) throws -> [PersistentKeyValueChange] {
        try commit(inputs: [key: .text(text)], expecting: [:])
    }
}
