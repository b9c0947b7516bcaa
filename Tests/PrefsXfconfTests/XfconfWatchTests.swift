import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import PrefsXfconf
import Testing

extension XfconfInSession {
    /// Other programs' changes, announced by xfconfd, reach `prefs watch`, the editor and PrefsKit's observers.
    @Suite struct WatchTests {
        @Test(.timeLimit(.minutes(5))) func watchPrintsXfconfQuerysChangesAndRemovalsOfOneProperty() throws {
            let session = try XfconfChildSession()
            let watch = session.watch("watch", "watched", "/seen")
            defer { watch.kill() }
            var attempt = 0
            // Until one arrives named by the process that called xfconfd, which the watch's monitor of the bus hears.
            let named = { (line: String) in line.contains("/seen =") && line.contains("(xfconf-query pid ") }
            while !watch.output.contains(where: named), attempt < 100 {
                attempt += 1
                try XfconfChild.query("-c", "watched", "-p", "/other", "-n", "-t", "int", "-s", "\(attempt)")
                try XfconfChild.query("-c", "watched", "-p", "/seen", "-n", "-t", "int", "-s", "\(attempt)")
                _ = watch.waitForLine(timeout: .milliseconds(200), where: named)
            }
            #expect(
                watch.output.contains { $0.contains("watched /seen = \(attempt) (xfconf-query pid ") },
                "\(watch.output)")
            #expect(session.prefs("write", "watched", "/seen", "100").status == 0)
            #expect(watch.waitForLine { $0.contains("watched /seen = 100 (\(InProcessPrefs.writer())") })
            try XfconfChild.query("-c", "watched", "-p", "/seen", "-r")
            #expect(watch.waitForLine { $0.contains("watched /seen removed (xfconf-query pid ") })
            #expect(!watch.output.contains { $0.contains(" /other ") }, "\(watch.output)")
        }

        /// xfconfd lists a channel only once it has saved its file, seconds after its first property: a channel a
        /// watcher heard is listed, and logged, at once.
        @Test(.timeLimit(.minutes(5))) func aNewChannelAWatcherHeardIsListedAndLoggedAtOnce() throws {
            let session = try XfconfChildSession()
            let watch = session.watch("watch")
            defer { watch.kill() }
            let channel = "fresh-\(UInt32.random(in: 0 ... .max))"
            var attempt = 0
            while !watch.output.contains(where: { $0.contains("\(channel) /a =") }), attempt < 100 {
                attempt += 1
                try XfconfChild.query("-c", channel, "-p", "/a", "-n", "-t", "int", "-s", "\(attempt)")
                _ = watch.waitForLine(timeout: .milliseconds(200)) { $0.contains("\(channel) /a =") }
            }
            #expect(session.prefs("suites").output.split(separator: "\n").contains { $0.hasPrefix(channel) })
            #expect(session.prefs("log", channel).output.contains("/a: (unset) -> "))
        }

        @Test func theTypedAPIWritesJournalsAndObservesAnotherProgram() async throws {
            let journal = try TemporaryDirectory()
            let store = XfconfStore(journalDirectory: journal.url)
            let channel = try store.channel("typed-api")
            let applied = try channel.commit(["/a": .int(1), "/b": .string("x")])
            #expect(Set(applied.map(\.key)) == ["/a", "/b"])
            #expect(try XfconfChild.query("-c", "typed-api", "-p", "/b") == "x")
            #expect(Set(channel.history(key: nil, limit: nil).map(\.key)) == ["/a", "/b"])
            let recorder = ChangeRecorder()
            let observation = store.addObserver({ recorder.record($0) }, onProblem: nil)
            defer { observation.cancel() }
            let running = Task { try await store.run() }
            defer { running.cancel() }
            var attempt = 0
            while !recorder.all.contains(where: { $0.key == "/a" }), attempt < 100 {
                attempt += 1
                try XfconfChild.query("-c", "typed-api", "-p", "/a", "-s", "\(attempt + 1)")
                _ = eventually(timeout: .milliseconds(200)) { recorder.all.contains { $0.key == "/a" } }
            }
            let change = try #require(recorder.all.first { $0.key == "/a" })
            #expect(change.origin == .otherProcess)
            #expect(change.suite == "typed-api")
            #expect(channel.primitiveValue(forKey: "/a") == change.newValue)
        }
    }
}
