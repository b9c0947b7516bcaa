import Foundation
import PrefsTestHelpers
import Testing

/// `[$i]` in the user's own file locks the user's own entries: KConfig reads them, and so does every command.
@Suite(.needs(.kreadconfig5, .kwriteconfig5), .threadOfItsOwn) struct KConfigOwnLockTests {
    @Test func entriesTheUsersOwnFileLocksAreShownLocked() throws {
        let kde = try KDEFixture()
        try kde.write("grouprc", "[G][$i]\nk=v\n[H]\nkey[$i]=locked\nfree=yes\n")
        try kde.write("wholerc", "[$i]\n[G]\nk=whole\n")
        #expect(try kde.kread("grouprc", groups: ["G"], key: "k") == "v", "KDE reads it")
        #expect(try kde.kread("wholerc", groups: ["G"], key: "k") == "whole")
        #expect(try kde.read("grouprc", "G/k") == "v")
        #expect(try kde.read("grouprc", "H/key") == "locked")
        #expect(try kde.read("wholerc", "G/k") == "whole")
        let listed = kde.run("read", "grouprc")
        #expect(listed.output == "G/k [locked] = v\nH/free = yes\nH/key [locked] = locked\n", "\(listed.error)")
        let found = kde.run("find", "whole")
        #expect(found.output == "wholerc G/k = whole\n", "\(found.error)")
        // Still locked: nothing is written.
        let refused = kde.run("write", "grouprc", "G/k", "w")
        #expect(refused.status == 1)
        #expect(refused.error.contains("locked by"), "\(refused.error)")
        #expect(kde.text("grouprc") == "[G][$i]\nk=v\n[H]\nkey[$i]=locked\nfree=yes\n")
    }
}

/// A system copy anyone could have written is no administrator's: its values and `[$i]` locks are left out, and
/// `describe` says why, as the file store leaves out such a layer.
@Suite(.needs(.kreadconfig5, .kwriteconfig5), .threadOfItsOwn) struct KConfigUntrustedSystemCopyTests {
    @Test func aSystemCopyOthersMayWriteIsIgnoredAndSaid() throws {
        let kde = try KDEFixture()
        try kde.writeSystem("plantedrc", "[G]\nk=planted\n[H][$i]\nlocked=yes\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o666], ofItemAtPath: kde.prefs.systemDirectory.appendingPathComponent("plantedrc").path
        )
        try kde.write("plantedrc", "[H]\nlocked=mine\n")
        #expect(kde.run("read", "plantedrc").output == "H/locked = mine\n")
        #expect(kde.run("write", "plantedrc", "H/locked", "changed").status == 0, "no planted lock holds")
        let described = kde.run("describe", "plantedrc", "H/locked")
        #expect(
            described.output.contains("problem: ignoring the system copy ")
                && described.output.contains("others than its owner may write it (mode 666)"), "\(described.output)")
    }
}
