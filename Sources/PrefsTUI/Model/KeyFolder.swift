/// A folder of a suite's keys (the keys' tree): a KConfig group (`General/`), an Xfconf property path (`/panels/`), the
/// keys a dotted name starts (`editor.`), listed after the keys of the level it is in.
public struct KeyFolder: Hashable, Sendable {
    /// The start its keys share, separator included.
    public let prefix: String
    /// What its row shows: the part past the folder open.
    public let shown: String
    /// How many keys it holds.
    public let keys: Int
    /// How many of them are stored.
    public let stored: Int
}
