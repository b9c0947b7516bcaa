#if PostgreSQL
import Foundation
import PrefsTestHelpers
import Testing

/// On a shared PostgreSQL store, keys are whatever any user with access wrote: completing them in a real bash, through
/// `prefs`' handover to `prefs-postgres`, offers each as it is and runs nothing.
@Suite(.threadOfItsOwn, PostgresServer.needed) struct PostgresCompletionTests {
    @Test func keysAnotherUserWroteAreOfferedAsTheyAreAndRunNothing() throws {
        let server = try PostgresServer.require()
        let url = server.url(table: PostgresServer.uniqueTable("completion"))
        let cli = try PrefsCLI()
        let marker = cli.home.url.appendingPathComponent("ran")
        let names = HostileNames.all(marker: marker)
        for name in names {
            let written = try cli.run("write", "--store", url, "shared", name, "v")
            #expect(written.status == 0, "\(name): \(written.error)")
        }
        var environment = cli.environment
        environment["PREFS_STORE"] = url
        try HostileNames.expectCompletion(
            ["read", "shared", ""], offers: names, in: cli, environment: environment, marker: marker)
        try HostileNames.expectCompletion(
            ["delete", "shared", "~"], offers: ["~root"], in: cli, environment: environment, marker: marker)
    }
}
#endif
