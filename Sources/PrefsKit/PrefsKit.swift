/// PrefsKit as apps import it: the core (keys, representations, schema, store protocols), which needs only
/// FoundationEssentials, and `UserDefaults` as a store, which needs the whole of Foundation.
///
/// `prefs` and the stores import `PrefsCore` alone, so that a program that never uses `UserDefaults` need not link
/// what Foundation brings with it.
@_exported public import PrefsCore
