import PrefsTestHelpers
import Testing

@_spi(Fuzzing) @testable import PrefsGSettings

/// The schema-mapping file's reader: every line it keeps is written back as one line and read again the same, and a
/// line it cannot keep is numbered, not guessed at.
@Suite(.threadOfItsOwn) struct SchemaMappingsTests {
    @Test func aLineEndingInACarriageReturnIsLeftOutAndNotJoinedToTheNext() {
        // As characters, "\r\n" is one that is not "\n": split so, the two lines read as one (the fuzzer found it).
        let text = "/org/a/\torg.example.a\r\n/org/b/\torg.example.b\n"
        let (pairings, strange) = SchemaMappings.parse(text)
        #expect(pairings == [RelocatablePairing(schema: "org.example.b", pattern: "/org/b/")])
        #expect(strange == [1])
        #expect(SchemaMappings.parse(SchemaMappings(pairings: pairings).text).pairings == pairings)
    }

    @Test(arguments: ["org.example\u{1}x", "org example", "", "org.ex\u{7F}"])
    func aSchemaNameThatIsNotPrintableASCIIIsLeftOut(name: String) {
        let (pairings, strange) = SchemaMappings.parse("/org/a/\t\(name)\n")
        #expect(pairings.isEmpty)
        #expect(strange == [1])
    }

    @Test func theFuzzersFindingHoldsItsInvariants() {
        let bytes =
            Array("/org/nu/fold".utf8) + Array(repeating: 0xFF, count: 10)
            + Array("er\u{13}//\torg.gnome.folder\ngarbage\n/org/x/\tschema.id\r".utf8)
        #expect(SchemaMappingsChecks.check(bytes) == nil)
    }
}
