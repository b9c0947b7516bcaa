// The README's file store example, compiled here and compared with the README by ReadmeTests. It is not run: it would
// write to the user's ~/.config, and its loop never ends.
// README file store example: begin
import PrefsFileStore
import PrefsKit

// With the quick start's keys:
func followPreferences() async throws {
    let store = try FileStore()  // $XDG_CONFIG_HOME, else ~/.config; or FileStore(directory: url)
    let suite = try store.suite("com.example.editor")  // a PersistentKeyValueStore
    suite.set(.appearance, to: .dark)
    try suite.transaction { batch in  // many keys, one lock, one rename
        try batch.set(.appearance, to: .light)
        try batch.set(.fontSize, to: 15)
    }
    // Other processes' changes arrive while the store's service runs: in a task, or a ServiceGroup.
    let service = Task { try await store.run() }
    defer { service.cancel() }
    for await change in store.changes() {  // every suite, whoever writes
        print(change.suite ?? "", change.key, change.newValue?.description ?? "removed", change.origin)
    }
}
// README file store example: end
