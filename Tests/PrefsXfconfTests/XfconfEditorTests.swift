import Foundation
import PrefsTestHelpers
import Testing

extension XfconfInSession {
    /// The editor on XFCE's settings, on a terminal in memory in this process: a channel's properties, a lock, an
    /// edit xfconf-query reads, and xfconf-query's change followed.
    @Suite(.threadOfItsOwn) struct EditorTests {
        @Test func theStoreAloneOnATerminalOpensTheEditorOnItsChannels() throws {
            try XfconfChild.query("-c", "alone-test", "-p", "/k", "-n", "-t", "int", "-s", "1")
            let session = try XfconfChildSession()
            // `prefs --store xfconf`, nothing else; the channel shows whether or not xfconfd has saved it yet.
            _ = session.runner.run(["--store", "xfconf", "read", "alone-test"], input: nil)
            let editor = session.editor()
            #expect(
                editor.waitFor { $0.contains("Xfconf (xfconfd)") && $0.contains("locked-test") }, "\(editor.screen)")
            editor.type(.character("q"))
            #expect(editor.waitUntilEnded()?.status == 0)
        }

        @Test func theEditorShowsAChannelEditsAPropertyAndFollowsXfconfQuery() throws {
            try XfconfChild.query("-c", "editor-test", "-p", "/panel/size", "-n", "-t", "int", "-s", "30")
            let session = try XfconfChildSession()
            let editor = session.editor("tui", "editor-test")
            #expect(editor.waitFor { $0.contains("/panel/size") && $0.contains("30") }, "\(editor.screen)")
            editor.type(.character("/"))
            editor.type("size")
            editor.type(.key(.enter), .key(.enter), .control("u"))
            editor.type("32")
            editor.type(.key(.enter))
            #expect(eventually { (try? XfconfChild.query("-c", "editor-test", "-p", "/panel/size")) == "32" })
            try XfconfChild.query("-c", "editor-test", "-p", "/panel/size", "-s", "40")
            #expect(editor.waitFor { $0.contains("40") }, "\(editor.screen)")
            editor.type(.character("q"), .character("q"))
            #expect(editor.waitUntilEnded()?.status == 0)
        }
    }
}
