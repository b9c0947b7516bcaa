import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import PropertyBased
import Testing

@testable import PrefsFileStore

/// A corpus of property lists written by Python's `plistlib` (`scripts/plist-corpus edges`) and by Foundation: each
/// file takes one write of a new key, and keeps its format and every other value, as `plistlib` and Foundation both
/// read them.
@Suite(.threadOfItsOwn, .damagedFilesReadOnce) struct PlistCorpusTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/plist-corpus").path

    /// Whether `plistlib` reads `after` as `before` less `keys`; the difference it found otherwise.
    static func plistlibDifference(_ before: URL, _ after: URL, ignoring keys: [String]) throws -> String? {
        let result = try ChildProcess.run("/usr/bin/env", ["python3", script, "same", before.path, after.path] + keys)
        return result.status == 0 ? nil : "\(result.standardOutput)\(result.standardError)"
    }

    /// Files Foundation writes, binary and XML, with the values that test a writer.
    static func foundationFiles() throws -> [String: Data] {
        var deep: Any = [] as [Int]
        for _ in 0..<40 { deep = [deep] }
        let shared: [Any] = [1, "two", 3.5]
        let values: [String: Any] = [
            "when": Date(timeIntervalSinceReferenceDate: 1234.5678), "max": UInt64.max, "min": Int64.min,
            "widths": [200, 60_000, 4_000_000_000, 1 << 40, -300, 0], "half": Float(1.5),
            "nested": ["b": [1, 2, ["c": Data([0, 1, 2])]], "a": [String: Any]()] as [String: Any],
            "empty": [Any](), "blob": Data(repeating: 7, count: 100_000), "text": "caf\u{E9} \u{1F389}",
            "deep": deep, "one": shared, "two": shared,
        ]
        var files: [String: Data] = [:]
        files["foundation-bin"] = try PropertyListSerialization.data(
            fromPropertyList: values.merging(["bell": "ring\u{7}"]) { $1 }, format: .binary, options: 0)
        var whole = values
        whole["when"] = Date(timeIntervalSinceReferenceDate: 1234)
        files["foundation-xml"] = try PropertyListSerialization.data(fromPropertyList: whole, format: .xml, options: 0)
        return files
    }

    @Test func everyFileKeepsItsFormatAndEveryOtherValueAsPlistlibAndFoundationReadIt() throws {
        let corpus = try TemporaryDirectory()
        let made = try ChildProcess.run("/usr/bin/env", ["python3", Self.script, "edges", corpus.url.path])
        #expect(made.status == 0, "\(made.standardError)")
        for (name, data) in try Self.foundationFiles() {
            try data.write(to: corpus.url.appendingPathComponent("\(name).plist"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.url.path).filter {
            $0.hasSuffix(".plist")
        }
        #expect(names.count == 22)
        for name in names.sorted() {
            let scope = try ScopedFileStore()
            let suiteName = String(name.dropLast(".plist".count))
            let before = corpus.url.appendingPathComponent(name)
            let file = scope.configDirectory.appendingPathComponent(name)
            try FileManager.default.copyItem(at: before, to: file)
            let original = try Data(contentsOf: before)
            let suite = try scope.store.suite(suiteName)
            try suite.commit(["zzNewKey": .string("new")])
            let written = try Data(contentsOf: file)
            let wasBinary = original.starts(with: Data("bplist".utf8))
            #expect(written.starts(with: Data("bplist00".utf8)) == wasBinary, "\(name) changed format")
            #expect(try Self.plistlibDifference(before, file, ignoring: ["zzNewKey"]) == nil, "\(name), plistlib")
            // Foundation's dictionaries merge keys that differ only in normalisation, and which value is kept varies:
            // plistlib, which keeps them apart, is the reference for such a file.
            guard try SuiteImage(decoding: Array(original)).exactValues == nil else { continue }
            let old = try FoundationReading.values(original)
            let new = try FoundationReading.values(written)
            #expect(new["zzNewKey"] == .string("new"), "\(name)")
            #expect(new.count == old.count + 1, "\(name)")
            for (key, value) in old {
                #expect(new[key].map(value.isIdentical) == true, "\(name), Foundation, key \(key)")
            }
        }
    }

    @Test func theComparisonWithPlistlibFailsWhenAValueChanges() throws {
        let corpus = try TemporaryDirectory()
        let before = corpus.url.appendingPathComponent("before.plist")
        let after = corpus.url.appendingPathComponent("after.plist")
        // One key each, since Foundation orders a binary file's keys by their hashes.
        func write(_ values: [String: Any], to file: URL) throws {
            try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0).write(to: file)
        }
        try write(["d": Date(timeIntervalSinceReferenceDate: 0.25)], to: before)
        // The date to the whole second, as an XML rewrite would make it.
        try write(["d": Date(timeIntervalSinceReferenceDate: 0)], to: after)
        #expect(try Self.plistlibDifference(before, after, ignoring: [])?.hasPrefix("/d: ") == true)
        try write(["n": 1], to: before)
        try write(["n": 1.0], to: after)
        #expect(try Self.plistlibDifference(before, after, ignoring: [])?.contains("int became float") == true)
        try write(["n": 1.0], to: after)
        #expect(try Self.plistlibDifference(after, after, ignoring: []) == nil)
    }

    @Test func aValueAnXMLSuiteCannotHoldIsRefusedWithTheWayOut() throws {
        let scope = try ScopedFileStore()
        let suite = try scope.store.suite("xml")
        try suite.commit(["plain": .string("fine")])
        let file = scope.configDirectory.appendingPathComponent("xml.plist")
        let original = try Data(contentsOf: file)
        for value: PropertyListValue in [
            .string("a\u{2}b"), .array([.string("\u{1F}")]), .dictionary(["k\u{1}": .int(1)]), .string("\u{FFFE}"),
        ] {
            #expect {
                try suite.commit(["bad": value])
            } throws: { error in
                guard case .unrepresentable(_, let key, let reason)? = error as? FileStoreError else { return false }
                let message = "\(error)"
                return key == "bad" && reason.hasSuffix("which an XML property list cannot hold")
                    && message.contains("--format binary") && !message.contains("\n")
            }
        }
        #expect(try Data(contentsOf: file) == original)
        // The way out: the suite becomes binary, and keeps what it held.
        try suite.commit(["bad": .string("a\u{2}b")], recoveringCorruptFile: false, format: .binary)
        let binary = try FoundationReading.values(Data(contentsOf: file))
        #expect(binary == ["plain": .string("fine"), "bad": .string("a\u{2}b")])
        #expect(suite.format == .binary)
    }

    @Test func aStoreMakesBinarySuitesWhenAskedAndKeepsDatesExact() throws {
        let scope = try ScopedFileStore(newSuiteFormat: .binary)
        let suite = try scope.store.suite("exact")
        #expect(suite.format == .binary)
        let when = Date(timeIntervalSinceReferenceDate: 12.345)
        #expect(suite.storedForm(of: .date(when)) == .date(when))
        try suite.commit(["when": .date(when)])
        let file = scope.configDirectory.appendingPathComponent("exact.plist")
        #expect(try Data(contentsOf: file).starts(with: Data("bplist00".utf8)))
        #expect(try scope.reopen().suite("exact").primitiveValue(forKey: "when") == .date(when))
        // An XML suite of the same store stays XML.
        let other = try ScopedFileStore()
        try other.store.suite("plain").commit(["when": .date(when)])
        let text = try String(contentsOf: other.configDirectory.appendingPathComponent("plain.plist"), encoding: .utf8)
        #expect(text.contains("<date>2001-01-01T00:00:12Z</date>"))
    }

    @Test func aBinaryFileIsReadAsFoundationReadsIt() throws {
        for form in 0..<40 {
            var random = Xoshiro(seed: (UInt64(form), 21, 22, 23))
            let values = RandomSuites.suite(&random)
            guard let data = RandomSuites.file(values, as: .foundationBinary) else { continue }
            let image = try SuiteImage(decoding: Array(data))
            let expected = try FoundationReading.values(data)
            #expect(image.format == .binary)
            #expect(image.values.count == expected.count)
            for (key, value) in expected {
                #expect(image.values[key].map(value.isIdentical) == true, "form \(form), key \(key)")
            }
        }
    }

    @Test func aReloadOfABinaryFileDecodesOnlyTheEntriesThatChanged() throws {
        var values: [String: PropertyListValue] = [:]
        for index in 0..<200 { values["key\(index)"] = .array([.int(index), .string("v\(index)")]) }
        let first = try SuiteImage(decoding: BinaryPropertyListWriter.encode(values))
        let second = try first.applying(["key7": .string("changed"), "new": .bool(true), "key9": nil])
        let (reloaded, touched) = try first.reading(try #require(second.bytes))
        #expect(Set(try #require(touched)) == ["key7", "new", "key9"])
        #expect(reloaded.values == (try SuiteImage(decoding: try #require(second.bytes))).values)
        #expect(reloaded.values["key7"] == .string("changed") && reloaded.values["key9"] == nil)
        // Kept as fingerprints, as a suite keeps a large file, it re-reads the same way.
        let (slim, slimTouched) = try first.slimmed(above: 0).reading(try #require(second.bytes))
        #expect(Set(try #require(slimTouched)) == ["key7", "new", "key9"])
        #expect(slim.values == reloaded.values)
    }
}
