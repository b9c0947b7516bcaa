import CGio

/// GIO, loaded the first time the store needs it rather than when the program starts: the dynamic loader spends more
/// than a millisecond on libgio, libgobject, libglib and theirs, which every `prefs` command would otherwise pay.
enum GIOLibrary {
    /// Loads GIO and resolves every function CGio declares, once per process; later calls give the first outcome.
    ///
    /// The corresponding C function is `dlopen`, through the shim's `cgio_load`.
    ///
    /// - Throws: ``GSettingsStoreError/gioUnavailable(_:)`` with the dynamic loader's reason when GIO is not
    ///   installed or lacks a function.
    static func load() throws(GSettingsStoreError) {
        if let problem = outcome { throw .gioUnavailable(problem) }
    }

    /// `nil` once loaded, else why not; a `static let`, so that the first caller loads while others wait.
    private static let outcome: String? = {
        var message = [CChar](repeating: 0, count: 512)
        let result = message.withUnsafeMutableBufferPointer { cgio_load($0.baseAddress, $0.count) }
        guard result == 0 else {
            return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        DconfMessages.install()
        return nil
    }()
}
