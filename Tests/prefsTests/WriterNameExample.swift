// The writer-name example of the stores article, compiled here and compared with the article by ReadmeTests. It is
// not run: it would write to the user's ~/.config.
// README writer name example: begin
import PrefsFileStore
import PrefsKit

func syncMail(unread: Int) throws {
    // Once, before the first write: `prefs log`, `watch` and the editor then say `by mail-sync pid 812`.
    WriterName.declare("mail-sync")
    let store = try FileStore()
    try store.suite("com.example.mail").setPrimitiveValue(.int(unread), forKey: "unreadCount")
}
// README writer name example: end
