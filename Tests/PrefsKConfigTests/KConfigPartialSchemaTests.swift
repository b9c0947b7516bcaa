import Foundation
import PrefsTestHelpers
import Testing

/// A `.kcfg` types the keys it declares and forbids none: the file it names holds keys of other components, which
/// kwriteconfig5 writes as freely.
@Suite(.threadOfItsOwn) struct KConfigPartialSchemaTests {
    @Test func aKeyTheKcfgDoesNotDeclareIsWrittenAsKwriteconfig5WritesIt() throws {
        let kde = try KDEFixture()
        try kde.installSchema("interop.kcfg")
        try kde.write("typedrc", "[General]\nCount=7\n")
        let written = kde.run("write", "typedrc", "Window State/Height", "480")
        #expect(written.status == 0, "\(written.error)")
        #expect(written.error.isEmpty, "no key is near: nothing to say")
        #expect(try kde.kread("typedrc", groups: ["Window State"], key: "Height") == "480")
        // A declared key is still typed by the schema.
        let refused = kde.run("write", "typedrc", "General/Count", "101")
        #expect(refused.status == 1)
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Count") == "7", "nothing was written")
    }

    @Test func anUndeclaredKeyNearADeclaredOneIsWrittenWithDidYouMean() throws {
        let kde = try KDEFixture()
        try kde.installSchema("interop.kcfg")
        try kde.write("typedrc", "[General]\nCount=7\n")
        let near = kde.run("write", "typedrc", "General/Counts", "5")
        #expect(near.status == 0, "\(near.error)")
        #expect(
            near.error
                == #"key "General/Counts" is not in the schema of suite "typedrc", written as it is; "#
                + #"did you mean "General/Count"?"# + "\n")
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Counts") == "5")
        #expect(try kde.kread("typedrc", groups: ["General"], key: "Count") == "7", "the declared key is untouched")
    }
}
