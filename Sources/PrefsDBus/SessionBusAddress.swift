/// Where the session bus listens, found as GDBus finds it: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
///
/// Only Unix sockets, by path or in the abstract namespace, are reached here; an address of another transport (TCP,
/// `unixexec:`, X11's autolaunch) gives no candidates, and the caller goes through GDBus, which knows them all.
package enum SessionBusAddress {
    /// The `sun_path` bytes of each Unix socket the address names, in its order; empty when there are none here.
    ///
    /// - Parameters:
    ///   - environment: The process's environment.
    ///   - exists: Whether a path exists, for the runtime folder's `bus`.
    /// - Returns: The sockets to try, in order.
    package static func sockets(environment: [String: String], exists: (String) -> Bool) -> [[UInt8]] {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"] else {
            guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, exists("\(runtime)/bus") else {
                return []
            }
            return [Array("\(runtime)/bus".utf8)]
        }
        var sockets: [[UInt8]] = []
        for entry in address.split(separator: ";") {
            // GDBus tries the entries in order: one it alone can reach comes before those after it.
            guard let colon = entry.firstIndex(of: ":"), entry[..<colon] == "unix" else { break }
            var values: [Substring: [UInt8]] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "="), let value = unescaped(pair[pair.index(after: equals)...])
                else { continue }
                values[pair[..<equals]] = value
            }
            if let path = values["path"] {
                sockets.append(path)
            } else if let name = values["abstract"] {
                sockets.append([0] + name)
            } else {
                break
            }
        }
        return sockets
    }

    /// A value with its `%XX` escapes decoded, or `nil` for a malformed escape.
    private static func unescaped(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        let digit = { (byte: UInt8) in Character(Unicode.Scalar(byte)).hexDigitValue }
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(digit), let low = utf8.next().flatMap(digit) else { return nil }
            bytes.append(UInt8(high << 4 | low))
        }
        return bytes
    }
}
