import Foundation
import PrefsKit

/// The values swift-configuration's `ProviderCompatTest` expects, laid out as a UserDefaults suite might hold them:
/// some under dotted keys, some in nested dictionaries, and one dictionary holding a dotted key, so that the test
/// passes only if every part of the key rule works.
enum CompatibilityFixture {
    static let magic = Data([0x6d, 0x61, 0x67, 0x69, 0x63])
    static let magic2 = Data([0x6d, 0x61, 0x67, 0x69, 0x63, 0x32])

    static let values: [String: PropertyListValue] = [
        "string": .string("Hello"),
        "int": .int(42),
        "double": .double(3.14),
        "bool": .bool(true),
        "bytes": .data(magic),
        "stringy.array": .array([.string("Hello"), .string("World")]),
        "inty": .dictionary(["array": .array([.int(42), .int(24)])]),
        "doubly.array": .array([.double(3.14), .double(2.72)]),
        "booly": .dictionary(["array": .array([.bool(true), .bool(false)])]),
        "byteChunky.array": .array([.data(magic), .data(magic2)]),
        "other": .dictionary([
            "string": .string("Other Hello"),
            "int": .int(24),
            "double": .double(2.72),
            "bool": .bool(false),
            "bytes": .data(magic2),
            "stringy.array": .array([.string("Hello"), .string("Swift")]),
            "inty": .dictionary(["array": .array([.int(16), .int(32)])]),
            "doubly.array": .array([.double(0.9), .double(1.8)]),
            "booly.array": .array([.bool(false), .bool(true), .bool(true)]),
            "byteChunky": .dictionary(["array": .array([.data(magic), .data(magic2), .data(magic)])]),
        ]),
    ]
}
