/// The build configuration PrefsKit was compiled in, which decides how ``PersistentDebugKey``s behave.
public enum BuildConfiguration: String, Sendable, Hashable {
    case debug
    case release

    /// The configuration of this build of PrefsKit.
    public static var current: BuildConfiguration {
        #if DEBUG
        .debug
        #else
        .release
        #endif
    }
}
