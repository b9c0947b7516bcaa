import PrefsDBus
import Testing

/// D-Bus values as the wire holds them: written and read back alike, in either byte order, and bytes that do not hold
/// a value of the type asked for read as none, never past their end.
@Suite struct BusValueTests {
    /// `GetAllProperties`' answer: a dictionary of variants of every kind xfconfd sends, an array of them among them.
    static let properties = BusValue.array(
        element: "{sv}",
        [
            .entry(key: .string("/flag"), value: .variant(.boolean(true))),
            .entry(key: .string("/byte"), value: .variant(.byte(200))),
            .entry(key: .string("/short"), value: .variant(.int16(-3))),
            .entry(key: .string("/ushort"), value: .variant(.uint16(65_000))),
            .entry(key: .string("/int"), value: .variant(.int32(-70_000))),
            .entry(key: .string("/uint"), value: .variant(.uint32(4_000_000_000))),
            .entry(key: .string("/long"), value: .variant(.int64(-5_000_000_000))),
            .entry(key: .string("/ulong"), value: .variant(.uint64(.max))),
            .entry(key: .string("/double"), value: .variant(.double(2.5))),
            .entry(key: .string("/text"), value: .variant(.string("héllo"))),
            .entry(
                key: .string("/list"),
                value: .variant(.array(element: "v", [.variant(.int32(1)), .variant(.string("x"))]))),
            .entry(key: .string("/names"), value: .variant(.array(element: "s", []))),
            .entry(key: .string("/pair"), value: .variant(.structure([.objectPath("/o"), .signature("as")]))),
        ])

    @Test func everyKindOfValueIsReadBackAsWritten() {
        // After a byte, so that every value's alignment counts.
        var marshaller = Marshaller(startingAt: 0)
        marshaller.value(.byte(1))
        marshaller.value(Self.properties)
        var reader = Unmarshaller(bytes: marshaller.bytes, little: true)
        #expect(reader.value(ofType: "y") == .byte(1))
        #expect(reader.value(ofType: "a{sv}") == Self.properties)
        #expect(reader.position == marshaller.bytes.count)
        #expect(Self.properties.signature == "a{sv}")
    }

    @Test func aBigEndianMessagesNumbersAreReadInItsOrder() {
        var reader = Unmarshaller(bytes: [0, 0, 0, 0, 0, 0, 1, 2, 0x80, 0, 0, 0, 0, 0, 0, 1], little: false)
        #expect(reader.value(ofType: "n") == .int16(0))
        #expect(reader.value(ofType: "u") == .uint32(0x0102))
        #expect(reader.value(ofType: "t") == .uint64(0x8000_0000_0000_0001))
    }

    @Test func bytesThatHoldNoValueOfTheTypeReadAsNone() {
        var marshaller = Marshaller(startingAt: 0)
        marshaller.value(Self.properties)
        let whole = marshaller.bytes
        // Cut anywhere, the dictionary is not there.
        for end in stride(from: 0, to: whole.count, by: 7) {
            var reader = Unmarshaller(bytes: Array(whole.prefix(end)), little: true)
            #expect(reader.value(ofType: "a{sv}") == nil, "cut at \(end)")
        }
        // An array longer than the message, a Boolean that is neither 0 nor 1, a variant of no type.
        var long = Unmarshaller(bytes: [0xFF, 0xFF, 0, 0, 1, 2, 3, 4], little: true)
        #expect(long.value(ofType: "ay") == nil)
        var boolean = Unmarshaller(bytes: [2, 0, 0, 0], little: true)
        #expect(boolean.value(ofType: "b") == nil)
        var variant = Unmarshaller(bytes: [2, UInt8(ascii: "a"), UInt8(ascii: "{"), 0], little: true)
        #expect(variant.value(ofType: "v") == nil)
    }

    @Test(arguments: ["", "a", "(", "()", "{s}", "{sss}", "z", "uu", String(repeating: "a", count: 70) + "y"])
    func aTypeThatIsNotOneCompleteTypeReadsNothing(type: String) {
        var reader = Unmarshaller(bytes: Array(repeating: 0, count: 64), little: true)
        #expect(reader.value(ofType: type) == nil)
    }

    @Test func variantsNestedPastTheLimitOfDBusAreRefused() {
        // A variant holding a variant, 70 deep: each level's signature "v", then at the bottom a byte.
        var bytes: [UInt8] = []
        for _ in 0..<70 { bytes += [1, UInt8(ascii: "v"), 0] }
        bytes += [1, UInt8(ascii: "y"), 0, 7]
        var reader = Unmarshaller(bytes: bytes, little: true)
        #expect(reader.value(ofType: "v") == nil)
        var shallow = Unmarshaller(bytes: [1, UInt8(ascii: "v"), 0, 1, UInt8(ascii: "y"), 0, 7], little: true)
        #expect(shallow.value(ofType: "v") == .variant(.variant(.byte(7))))
    }
}
