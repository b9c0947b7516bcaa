package import CGio

/// GLib's own functions that every module on GIO calls, one thin function per call, as swift-system wraps its system
/// calls; and GIO's loading, once per process.
package enum GLib {
    /// Loads GIO and resolves every function CGio declares, once per process; later calls give the first outcome.
    ///
    /// The corresponding C function is `dlopen`, through the shim's `cgio_load`.
    ///
    /// - Returns: `nil` once loaded, else the dynamic loader's reason.
    package static func loadFailure() -> String? { outcome }

    /// Loads GLib alone and resolves its own functions (the `GVariant` ones among them), once per process: what a
    /// store that only holds `GVariant`s needs (Xfconf's), without GIO and the libraries GIO brings.
    ///
    /// The corresponding C function is `dlopen`, through the shim's `cgio_load_glib`.
    ///
    /// - Returns: `nil` once loaded, else the dynamic loader's reason.
    package static func glibLoadFailure() -> String? { glibOutcome }

    /// `nil` once loaded, else why not; a `static let`, so that the first caller loads while others wait.
    private static let outcome: String? = load(cgio_load)

    /// `nil` once GLib alone is loaded, else why not.
    private static let glibOutcome: String? = load(cgio_load_glib)

    /// Calls one of the shim's loaders.
    private static func load(_ loader: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String? {
        var message = [CChar](repeating: 0, count: 512)
        let result = message.withUnsafeMutableBufferPointer { loader($0.baseAddress, $0.count) }
        guard result == 0 else {
            return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// Turns a string GLib handed over into a Swift string, freeing it.
    ///
    /// The corresponding C function is `g_free`.
    package static func takeString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    /// Turns a `NULL`-terminated string array GLib handed over into Swift strings, freeing it.
    ///
    /// The corresponding C function is `g_strfreev`.
    package static func takeStrings(_ pointer: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let pointer else { return [] }
        defer { g_strfreev(pointer) }
        var strings: [String] = []
        var index = 0
        while let string = pointer[index] {
            strings.append(String(cString: string))
            index += 1
        }
        return strings
    }

    /// Runs `body` with a type string as a `GVariantType`.
    ///
    /// - Important: `type` must be a valid type string: one GLib printed, or one ``VariantShape`` built.
    package static func withType<Result>(_ type: String, _ body: (OpaquePointer) -> Result) -> Result {
        type.withCString { body(cgio_variant_type($0)) }
    }

    /// Whether a string is a valid GVariant type string.
    ///
    /// The corresponding C function is `g_variant_type_string_is_valid`.
    package static func isValidType(_ type: String) -> Bool {
        g_variant_type_string_is_valid(type) != 0
    }

    /// Whether a string is a valid D-Bus object path.
    ///
    /// The corresponding C function is `g_variant_is_object_path`.
    package static func isObjectPath(_ string: String) -> Bool { g_variant_is_object_path(string) != 0 }

    /// Whether a string is a valid D-Bus type signature.
    ///
    /// The corresponding C function is `g_variant_is_signature`.
    package static func isSignature(_ string: String) -> Bool { g_variant_is_signature(string) != 0 }

    /// Runs one iteration of GLib's default main context, waiting for an event: change signals are delivered here.
    ///
    /// The corresponding C function is `g_main_context_iteration`.
    package static func iterateDefaultContext() { _ = g_main_context_iteration(nil, 1) }

    /// Wakes the thread that waits in ``iterateDefaultContext()``.
    ///
    /// The corresponding C function is `g_main_context_wakeup`.
    package static func wakeDefaultContext() { g_main_context_wakeup(nil) }
}
