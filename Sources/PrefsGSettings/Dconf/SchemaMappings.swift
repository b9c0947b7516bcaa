import Logging
import PrefsCore
import PrefsStoreKit
import PrefsSystem
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The relocatable schemas a user paired with dconf directories (`prefs --store gsettings schema map PATH SCHEMA`),
/// kept in `$XDG_DATA_HOME/prefs/gsettings-schema-map`, one `PATH<tab>SCHEMA` per line.
///
/// A path may hold empty parts, each standing for any one part, as dconf-editor's own mappings do: `/org/nu/tabs//`
/// pairs the schema with every directory under `tabs/`.
struct SchemaMappings: Sendable, Hashable {
    /// The pairings, in the order they were made.
    private(set) var pairings: [RelocatablePairing]

    /// The most the file may hold: far more than any person maps, and a bound on what is read.
    static let limit = 1024 * 1024

    /// Where the mappings are kept.
    static func file(environment: [String: String] = ProcessEnvironment.current) -> FilePath {
        FilePath(XDGDirectories.dataHome(environment: environment).appendingPathComponent("prefs").path)
            .appending("gsettings-schema-map")
    }

    /// Reads the user's mappings; none when the file is missing.
    ///
    /// - Throws: ``GSettingsStoreError/mappingsUnreadable(path:reason:)`` when it cannot be read.
    static func load(from file: FilePath = SchemaMappings.file()) throws(GSettingsStoreError) -> SchemaMappings {
        let data: Data?
        do {
            data = try SmallFile.read(file, limit: limit, limitText: "1 MiB")
        } catch {
            throw .mappingsUnreadable(path: file.string, reason: error.description)
        }
        let (pairings, strange) = parse(String(decoding: data ?? Data(), as: UTF8.self))
        if let first = strange.first {
            let more = strange.count > 1 ? " and \(strange.count - 1) more" : ""
            let problem =
                "line \(first)\(more) of \(TextEscaping.quoted(file.string)) is not PATH<tab>SCHEMA and is left out; "
                + "prefs --store gsettings schema unmap PATH or an edit of the file mends it"
            // Logged as an error so that it shows at prefs' default level; the mappings read are used.
            PrefsLogging.logger.error("warning: \(TextEscaping.escaped(problem))")
        }
        return SchemaMappings(pairings: pairings)
    }

    /// The pairings a mapping file's text holds, and the numbers of its lines that hold none.
    ///
    /// - Parameter text: The file's text, one `PATH<tab>SCHEMA` a line.
    /// - Returns: The pairings in the file's order, and the lines left out (from 1); empty lines are neither.
    static func parse(_ text: String) -> (pairings: [RelocatablePairing], strange: [Int]) {
        var pairings: [RelocatablePairing] = []
        var strange: [Int] = []
        // Split by scalar, not by character: as characters, `\r\n` is one that is not `\n`, and a line ending in `\r`
        // would be read whole with the next.
        for (number, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            // A line this program did not write is left out rather than guessed at, and said.
            guard fields.count == 2, Self.isPattern(String(fields[0])), Self.isSchemaName(String(fields[1])) else {
                strange.append(number + 1)
                continue
            }
            pairings.append(RelocatablePairing(schema: String(fields[1]), pattern: String(fields[0])))
        }
        return (pairings, strange)
    }

    /// The text ``save(to:)`` writes.
    var text: String { pairings.map { "\($0.pattern)\t\($0.schema)\n" }.joined() }

    /// Whether a path can pair a schema: it starts and ends with `/`, holds printable ASCII only, and at least one
    /// part that is not empty.
    static func isPattern(_ path: String) -> Bool {
        path.count > 1 && path.hasPrefix("/") && path.hasSuffix("/")
            && path.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }
            && path.split(separator: "/").contains { !$0.isEmpty }
    }

    /// Whether a schema's name can be kept on a line: not empty, printable ASCII only, as GLib's schema names are.
    static func isSchemaName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }
    }

    /// Pairs a schema with a path, replacing any earlier pairing of that path.
    mutating func map(_ pattern: String, to schema: String) {
        pairings.removeAll { $0.pattern == pattern }
        pairings.append(RelocatablePairing(schema: schema, pattern: pattern))
    }

    /// Forgets a path's pairing.
    ///
    /// - Returns: Whether there was one.
    mutating func unmap(_ pattern: String) -> Bool {
        let count = pairings.count
        pairings.removeAll { $0.pattern == pattern }
        return pairings.count != count
    }

    /// Writes the mappings whole, replacing the file at once.
    ///
    /// - Throws: ``GSettingsStoreError/mappingsUnreadable(path:reason:)`` naming the system's reason.
    func save(to file: FilePath = SchemaMappings.file()) throws(GSettingsStoreError) {
        do {
            try FileSystem.createDirectory(file.removingLastComponent())
            try SmallFile.write(Data(text.utf8), to: file)
        } catch {
            throw .mappingsUnreadable(path: file.string, reason: "\(error)")
        }
    }
}
