import SystemPackage

extension Processes {
    /// The name a running process goes by: its program's file name as it was started (`/proc/PID/cmdline`'s first
    /// word, without its folder), else the kernel's name for it (`/proc/PID/comm`, cut at 15 bytes).
    ///
    /// Read at once, while the process may still be running: a process that has ended, or one of another user whose
    /// files are closed to this one, has no name here.
    ///
    /// - Parameter pid: The process id.
    /// - Returns: The name, or `nil` when the process has gone or the system does not say.
    package static func name(of pid: Int32) -> String? {
        guard pid > 0 else { return nil }
        if let command = firstBytes(of: "/proc/\(pid)/cmdline", limit: 4096),
            let program = command.split(separator: 0, omittingEmptySubsequences: false).first, !program.isEmpty
        {
            let word = String(decoding: program, as: UTF8.self)
            let name = word.split(separator: "/").last.map(String.init) ?? word
            // A program that rewrote its arguments to a sentence (`sshd: user [priv]`) gives its first word.
            if let first = name.split(separator: " ").first, !first.isEmpty { return String(first) }
        }
        guard let comm = firstBytes(of: "/proc/\(pid)/comm", limit: 64) else { return nil }
        let name = String(decoding: comm, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    /// Up to `limit` bytes of a small file, or `nil` when it cannot be opened or read.
    private static func firstBytes(of path: String, limit: Int) -> [UInt8]? {
        guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly) else { return nil }
        // A read-only descriptor's close that fails has lost nothing.
        defer { try? descriptor.close() }
        var buffer = [UInt8](repeating: 0, count: limit)
        guard
            let count = try? buffer.withUnsafeMutableBytes({
                try descriptor.read(into: $0, retryOnInterrupt: true)
            }), count > 0
        else { return nil }
        return Array(buffer[..<count])
    }
}
