import Foundation
import PrefsKit
import PrefsTestHelpers
import PropertyBased
import Testing

@testable import PrefsFileStore

/// The journal's hand-written JSON lines must read back, with its own reader and with JSONDecoder, as the records
/// they were made from.
@Suite(.threadOfItsOwn) struct JournalLineWriterTests {
    private static let anyString = Gen<UnicodeScalar>.unicodeScalar(in: "\u{0}"..."\u{D7FF}").map(Character.init)
        .string(of: 0...12)

    private static func readBack(_ record: JournalRecord) throws -> JournalRecord? {
        guard let line = JournalLineWriter.line(record) else { return nil }
        #expect(!line.contains(0x0A), "a record must stay on one line")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard case .date(let date) = try PropertyListValue(parsing: text, as: .date) else { return Date() }
            return date
        }
        // Its Codable form, which JSONDecoder reads, must be what the journal's own reader reads too.
        let decoded = try decoder.decode(JournalRecord.self, from: Data(line))
        #expect(JournalLineReader.record(Data(line)) == decoded)
        return decoded
    }

    @Test func everyKindOfValueReadsBack() throws {
        let value: PropertyListValue = .dictionary([
            "bool": .bool(true), "int": .int(Int.min), "real": .double(-1.5e-300), "text": .string("a\"\\/\u{1B}\n漢🎉"),
            "data": .data(Data((0...255).map(UInt8.init))),
            "date": .date(Date(timeIntervalSince1970: 1_700_000_000.25)),
            "list": .array([.int(1), .array([]), .dictionary([:])]),
        ])
        let record = JournalRecord(
            time: Date(timeIntervalSince1970: 1_800_000_000.5), pid: 42, process: "prefs \"x\"", write: "9f3a",
            suite: "s", key: "k\t", old: nil, new: value)
        #expect(try Self.readBack(record) == record)
        let unknown = JournalRecord(
            time: Date(timeIntervalSince1970: 1_800_000_000), pid: nil, process: nil, write: nil, suite: "s",
            key: "k", old: .bool(false), new: nil)
        #expect(try Self.readBack(unknown) == unknown)
    }

    @Test func arbitraryKeysAndValuesReadBack() async {
        await propertyCheck(input: Self.anyString, Self.anyString, Gen.double(in: -1e300...1e300), Gen.int()) {
            key, text, real, number throws in
            let record = JournalRecord(
                time: Date(timeIntervalSince1970: 1_700_000_000), pid: Int32(truncatingIfNeeded: number),
                process: text, write: text, suite: "s", key: key, old: .double(real),
                new: .dictionary([key: .string(text)]))
            #expect(try Self.readBack(record) == record)
            #expect(Data(JournalLineWriter.line(record) ?? []).firstRange(of: JournalLineWriter.keyNeedle(key)) != nil)
        }
    }

    @Test func numbersJSONCannotHoldAreRefusedAsJSONEncoderRefusesThem() {
        let record = JournalRecord(
            time: Date(), pid: 1, process: "p", write: nil, suite: "s", key: "k", old: nil, new: .array([.double(.nan)])
        )
        #expect(JournalLineWriter.line(record) == nil)
        #expect((try? JSONEncoder().encode(record)) == nil)
    }
}
