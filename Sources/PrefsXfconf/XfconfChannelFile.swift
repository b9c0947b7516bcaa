import PrefsCore
import PrefsStoreKit
import SystemPackage

/// What a system channel file (`$XDG_CONFIG_DIRS/xfce4/xfconf/xfce-perchannel-xml/CHANNEL.xml`) gives a channel:
/// each property's value, and the properties it locks for some users (`locked="ada;@staff"`).
///
/// xfconfd reads these files itself and answers with their values where the user set none, without saying which
/// values are the system's; reading them here tells the two apart, so that a property reset to the system's value
/// reads as unset, as its history says, and `read` marks it `[system]`. Whether a lock applies to this user is asked
/// of xfconfd, which knows the user's groups.
struct XfconfChannelFile: Sendable, Hashable {
    /// Each property's value, by path.
    var values: [String: PropertyListValue] = [:]
    /// The properties a `locked` attribute names some users for.
    var lockable: Set<String> = []
    /// The files read, highest priority first.
    var files: [String] = []

    /// The system channel files of a channel, merged: a value of an earlier folder of `$XDG_CONFIG_DIRS` (else
    /// `/etc/xdg`) wins, as in xfconfd.
    ///
    /// - Parameters:
    ///   - channel: The channel's name.
    ///   - environment: The variables, `XDG_CONFIG_DIRS` among them.
    /// - Returns: What the files give; nothing when there are none. A file that cannot be read gives nothing.
    static func read(channel: String, environment: [String: String] = ProcessEnvironment.current) -> XfconfChannelFile {
        let folders = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg")
            .split(separator: ":")
        var merged = XfconfChannelFile()
        for folder in folders {
            let path = "\(folder)/xfce4/xfconf/xfce-perchannel-xml/\(channel).xml"
            // A system file that is missing or malformed gives nothing, as in xfconfd, which skips it too.
            guard let bytes = try? SmallFile.read(FilePath(path), limit: SmallXML.maximumSize, limitText: "4 MiB"),
                let root = try? SmallXML.parse(Array(bytes)), root.name == "channel"
            else { continue }
            merged.files.append(path)
            var found = XfconfChannelFile()
            found.collect(root.children("property"), under: "")
            merged.values.merge(found.values) { earlier, _ in earlier }
            merged.lockable.formUnion(found.lockable)
        }
        return merged
    }

    /// Takes in nested `<property>` elements, each path its parents' names joined by `/`.
    private mutating func collect(_ properties: [SmallXML], under parent: String) {
        for property in properties {
            guard let name = property.attributes["name"], !name.isEmpty, !name.contains("/") else { continue }
            let path = parent + "/" + name
            if let value = Self.value(of: property) { values[path] = value }
            if let locked = property.attributes["locked"], !locked.isEmpty { lockable.insert(path) }
            collect(property.children("property"), under: path)
        }
    }

    /// A property's or an array element's value, by its `type` and `value` attributes; `nil` for `empty` and types
    /// no value can be read as.
    private static func value(of element: SmallXML) -> PropertyListValue? {
        let text = element.attributes["value"] ?? ""
        switch element.attributes["type"] ?? "" {
        case "string": return .string(text)
        case "bool": return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case "int", "int16", "int64", "char": return Int(text).map(PropertyListValue.int)
        case "uint", "uint16", "uchar": return Int(text).map(PropertyListValue.int)
        case "uint64": return UInt64(text).map { Int(exactly: $0).map(PropertyListValue.int) ?? .unsignedInt($0) }
        case "double", "float": return Double(text).map(PropertyListValue.double)
        case "array":
            let elements = element.children("value").map(value(of:))
            return elements.contains(nil) ? nil : .array(elements.compactMap { $0 })
        default: return nil
        }
    }
}
