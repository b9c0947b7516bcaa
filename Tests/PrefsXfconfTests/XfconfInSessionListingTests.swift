import Foundation
import PrefsStoreKit
import Testing

@testable import PrefsXfconf

extension XfconfInSession {
    /// The channels listed from the folders of channel files (``XfconfChannelFolders``), which `prefs` lists without
    /// a round trip to xfconfd, against xfconfd's own `ListChannels` in the same session: a user's file, a system
    /// file, a file that is no channel, and a channel xfconfd holds before it saves it, which neither lists.
    @Suite struct ListingTests {
        @Test func theFoldersListWhatXfconfdLists() throws {
            let folder = XDGDirectories.configHome().appendingPathComponent("xfce4/xfconf/xfce-perchannel-xml")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let channel = """
                <?xml version="1.0" encoding="UTF-8"?>
                <channel name="listing-test" version="1.0">
                  <property name="count" type="int" value="1"/>
                </channel>

                """
            try Data(channel.utf8).write(to: folder.appendingPathComponent("listing-test.xml"))
            try Data("not a channel".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            try XfconfChild.query("-c", "listing-unsaved", "-p", "/new", "-n", "-t", "int", "-s", "1")

            let listed = try XfconfChannelFolders.channels()
            #expect(Set(listed) == Set(try XfconfBus().channels()))
            #expect(listed.contains("listing-test"))
            #expect(listed.contains("locked-test"))
            #expect(!listed.contains("notes"))
            #expect(listed.count == Set(listed).count)
            try XfconfChild.query("-c", "listing-unsaved", "-p", "/new", "-r")
        }
    }
}
