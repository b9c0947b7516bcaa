import CGio

/// dconf's client library, loaded the first time a dconf path no schema describes is used: GSettings reads and writes
/// only schemas' keys, and `prefs` need not load libdconf to read them.
enum DconfLibrary {
    /// Loads GIO, then libdconf, and resolves every function CGio declares of it, once per process.
    ///
    /// The corresponding C function is `dlopen`, through the shim's `cgio_load_dconf`.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` when GIO cannot be loaded, and
    ///   ``GSettingsStoreError/dconfUnavailable(_:)`` with the dynamic loader's reason when libdconf cannot.
    static func load() throws(GSettingsStoreError) {
        try GIOLibrary.load()
        if let problem = outcome { throw .dconfUnavailable(problem) }
    }

    /// `nil` once loaded, else why not.
    private static let outcome: String? = {
        var message = [CChar](repeating: 0, count: 512)
        let result = message.withUnsafeMutableBufferPointer { cgio_load_dconf($0.baseAddress, $0.count) }
        guard result == 0 else {
            return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }()
}
