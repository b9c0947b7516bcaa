import Foundation
import PrefsTestHelpers
import Testing

/// A KConfigXT integer type bounds its values as the program reads them: `Int` is 32 bits, `UInt` unsigned.
@Suite(.needs(.kreadconfig5, .kwriteconfig5), .threadOfItsOwn) struct KConfigIntegerWidthTests {
    @Test func aValueItsTypeCannotHoldIsRefusedAndAStoredOneFlagged() throws {
        let kde = try KDEFixture()
        try kde.installSchema("widths.kcfg")
        try kde.write("widthsrc", "[N]\nInt=1\n")
        for (key, value) in [
            ("N/UInt", "-1"), ("N/UInt", "99999999999999"), ("N/Int", "68719476736"), ("N/ULongLong", "-5"),
            ("N/Bounded", "-1"),
        ] {
            let refused = kde.run("write", "widthsrc", key, value)
            #expect(refused.status == 1, "\(key) = \(value) was taken")
            #expect(refused.error.contains("range"), "\(key): \(refused.error)")
        }
        #expect(kde.text("widthsrc") == "[N]\nInt=1\n", "nothing was written")
        for (key, value) in [
            ("N/UInt", "4294967295"), ("N/Int", "-2147483648"), ("N/LongLong", "68719476736"), ("N/Bounded", "10"),
        ] {
            let written = kde.run("write", "widthsrc", key, value)
            #expect(written.status == 0, "\(key) = \(value): \(written.error)")
        }
        #expect(try kde.kread("widthsrc", groups: ["N"], key: "UInt") == "4294967295")
        // Values another program stored outside the type are flagged.
        try kde.write("widthsrc", "[N]\nInt=68719476736\nUInt=-1\nLongLong=5\n")
        let invalid = kde.run("find", "@invalid")
        #expect(invalid.output.contains("N/Int") && invalid.output.contains("N/UInt"), "\(invalid.output)")
        #expect(!invalid.output.contains("N/LongLong"), "\(invalid.output)")
        let described = kde.run("describe", "widthsrc", "N/UInt")
        #expect(described.output.contains("range int 0 4294967295"), "\(described.output)")
    }
}
