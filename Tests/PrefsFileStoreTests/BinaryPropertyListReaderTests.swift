import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

@testable import PrefsFileStore

/// The binary property list reader on hostile files: every one is refused with one line naming what is wrong, quickly,
/// and nothing crashes or hangs.
@Suite(.threadOfItsOwn) struct BinaryPropertyListReaderTests {
    /// A `bplist00` file of these objects, each given whole (marker and contents, references one byte), with
    /// two-byte offsets and `top` as the root.
    static func file(_ objects: [[UInt8]], top: UInt8 = 0, objectCount: UInt64? = nil, tableOffset: UInt64? = nil)
        -> [UInt8]
    {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1]
        bytes += BinaryPropertyListWriter.bigEndian(objectCount ?? UInt64(objects.count), size: 8)
        bytes += BinaryPropertyListWriter.bigEndian(UInt64(top), size: 8)
        bytes += BinaryPropertyListWriter.bigEndian(tableOffset ?? UInt64(table), size: 8)
        return bytes
    }

    /// The reason a file is refused, or `nil` when it reads.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try SuiteImage(decoding: bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    static let key: [UInt8] = [0x51, 0x6B]  // "k"

    /// A root dictionary {"k": object 2}, then the given object.
    static func holding(_ object: [UInt8], more: [[UInt8]] = []) -> [UInt8] {
        file([[0xD1, 0x01, 0x02], key, object] + more)
    }

    @Test func aWellFormedFileReads() throws {
        let image = try SuiteImage(decoding: Self.holding([0x10, 0x2A]))
        #expect(image.values == ["k": .int(42)] && image.format == .binary)
    }

    @Test(arguments: [
        (Array("bplist00".utf8) + [0, 0], "too short for its trailer"),
        (Array("bplist01".utf8) + [UInt8](repeating: 0, count: 40), "a version other than bplist00"),
        (file([[0xD0]], objectCount: 1 << 40), "trailer does not fit the file"),
        (file([[0xD0]], tableOffset: 1 << 40), "trailer does not fit the file"),
        (file([[0xD0]], top: 5), "trailer does not fit the file"),
        (holding([0xA1, 0x09]), "a reference to object 9 of 3"),
        (holding([0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF]), "past its end"),
        (holding([0x4F, 0x10]), "past its end"),
        (holding([0xA1, 0x02]), "a container inside itself"),
        (file([[0xD1, 0x01, 0x00], key]), "a container inside itself"),
        (holding([0x52, 0x61, 0xE9]), "an ASCII string holding a byte above 0x7F"),
        (holding([0x61, 0xD8, 0x00]), "a lone surrogate"),
        (holding([0x80, 0x01]), "an archiver UID"),
        (holding([0x00]), "a null"),
        (holding([0xC0]), "a set"),
        (holding([0x70]), "unknown kind 0x70"),
        (holding([0x33, 0, 0]), "past its end"),
        (holding([0x15, 0, 0]), "a number of 32 bytes"),
        (holding([0x14] + [UInt8](repeating: 0x7F, count: 16)), "outside Int64.min...UInt64.max"),
        (file([[0xD1, 0x01, 0x02], [0x10, 0x01], [0x10, 0x02]]), "a dictionary key that is not a string"),
        (file([[0xA0]]), "the root is not a dictionary"),
    ])
    func aHostileFileIsRefusedInOneLine(bytes: [UInt8], reason: String) {
        let found = Self.refusal(bytes)
        #expect(found?.contains(reason) == true, "\(String(describing: found))")
        #expect(found?.contains("\n") == false)
    }

    @Test func nestingDeeperThanFoundationAllowsIsRefused() {
        // 600 arrays, each holding the next, laid out by the writer (references need two bytes past 255 objects).
        let depth = 600
        var value = PropertyListValue.array([])
        for _ in 0..<depth { value = .array([value]) }
        let bytes = BinaryPropertyListWriter.encode(["k": value])
        #expect(Self.refusal(bytes)?.contains("deeper than 512 levels") == true)
        var shallow = PropertyListValue.array([])
        for _ in 0..<500 { shallow = .array([shallow]) }
        #expect(Self.refusal(BinaryPropertyListWriter.encode(["k": shallow])) == nil)
    }

    @Test func sharedObjectsAreDecodedOnceAndAnExplosionIsRefused() throws {
        // Each array holds the next one twice: 40 levels stand for 2^40 values in a few hundred bytes.
        var objects: [[UInt8]] = [[0xD1, 0x01, 0x02], Self.key]
        for level in 0..<40 { objects.append([0xA2, UInt8(level + 3), UInt8(level + 3)]) }
        objects.append([0x10, 0x01])
        let bomb = Self.file(objects)
        let clock = ContinuousClock()
        let start = clock.now
        let reason = Self.refusal(bomb)
        #expect(reason?.contains("shared objects expand to more than") == true, "\(String(describing: reason))")
        #expect(clock.now - start < .seconds(1))
        // A little sharing, as plistlib and Foundation write it, reads, each use holding the shared value.
        let shared = Self.file([[0xD2, 0x01, 0x02, 0x03, 0x03], Self.key, [0x51, 0x6A], [0xA1, 0x04], [0x10, 0x07]])
        let image = try SuiteImage(decoding: shared)
        #expect(image.values == ["k": .array([.int(7)]), "j": .array([.int(7)])])
    }

    @Test func aDocumentHoldingAKeyTwiceIsNotImported() throws {
        let bytes = try BinaryPropertyListWriter.document(
            [(.key("a"), .value(.int(1))), (.key("a"), .value(.int(2)))], transcribingFrom: nil)
        #expect(throws: PropertyListDocumentError.self) { try PropertyListDocument.decode(Data(bytes)) }
        #expect {
            try PropertyListDocument.decode(Data(bytes))
        } throws: { error in
            (error as? PropertyListDocumentError)?.reason.contains("twice") == true
        }
    }
}
