import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

@testable import PrefsKConfig

/// Other programs' writes reach observers, attributed to their writer when the journal knows it; `prefs`'s own
/// writes are announced on the session bus as KDE announces them.
@Suite(.needs(.kreadconfig5, .kwriteconfig5, .dbusDaemon)) struct KConfigWatchTests {
    @Test func anotherProgramsWriteReachesObserversOnce() throws {
        let kde = try KDEFixture()
        try kde.write("watchedrc", "[G]\nk=1\n")
        let store = kde.store()
        let (recorder, watching) = try Self.observe(store)
        defer { for token in watching { token.cancel() } }
        try kde.kwrite("watchedrc", groups: ["G"], key: "k", "2")
        #expect(eventually { recorder.all.contains { $0.key == "G/k" && $0.newValue == .string("2") } })
        // A file that appears while every suite is observed: its keys arrive as new.
        try kde.kwrite("newrc", groups: ["H"], key: "x", "y")
        #expect(eventually { recorder.all.contains { $0.suite == "newrc" && $0.key == "H/x" } })
        // This process's own write is told once, by the write.
        try store.suite("watchedrc").commit(["G/k": .string("3")])
        try kde.kwrite("watchedrc", groups: ["G"], key: "after", "marker")
        #expect(eventually { recorder.all.contains { $0.key == "G/after" } })
        #expect(recorder.all.filter { $0.key == "G/k" && $0.newValue == .string("3") }.count == 1)
        #expect(recorder.problems.isEmpty)
    }

    @Test func changesToSystemCopiesAndFilesOneFolderDownAreSeenLive() throws {
        let kde = try KDEFixture()
        try kde.writeSystem("layeredrc", "[G]\nk=system\n")
        try FileManager.default.createDirectory(at: kde.url("kdedefaults"), withIntermediateDirectories: true)
        try kde.write("kdedefaults/kdeglobals", "[KDE]\nwidgetStyle=Breeze\n")
        let store = kde.store()
        let (recorder, watching) = try Self.observe(store)
        defer { for token in watching { token.cancel() } }
        // An administrator changes the system copy: the value in force changes, told as the copy's.
        try kde.writeSystem("layeredrc", "[G]\nk=changed by the system\n")
        #expect(
            eventually {
                recorder.all.contains {
                    $0.suite == "layeredrc" && $0.key == "G/k" && $0.newValue == .string("changed by the system")
                        && $0.systemLayer?.hasSuffix("layeredrc") == true
                }
            }, "\(recorder.all)")
        // Plasma's own defaults, one folder down, written by KDE's tool.
        try kde.kwrite("kdedefaults/kdeglobals", groups: ["KDE"], key: "widgetStyle", "Fusion")
        #expect(
            eventually {
                recorder.all.contains {
                    $0.suite == "kdedefaults/kdeglobals" && $0.key == "KDE/widgetStyle"
                        && $0.newValue == .string("Fusion")
                }
            }, "\(recorder.all)")
        #expect(recorder.problems.isEmpty)
    }

    /// Another program's change to a `[$e]` entry is told, journaled and shown in the log as the text the file holds:
    /// the environment's secret never leaves the process that expands it.
    @Test func anExpandedEntryChangedByAnotherProgramIsToldAndJournaledUnexpanded() throws {
        let kde = try KDEFixture()
        try kde.write("tokenrc", "[Api]\nToken[$e]=${MY_API_TOKEN}\n")
        let store = KConfigStore(
            directory: kde.prefs.configDirectory, systemDirectories: [kde.prefs.systemDirectory],
            environment: kde.environment.merging(["MY_API_TOKEN": "tok-3141592653"]) { $1 })
        #expect(try store.suite("tokenrc").primitiveValue(forKey: "Api/Token") == .string("tok-3141592653"))
        let (recorder, watching) = try Self.observe(store)
        defer { for token in watching { token.cancel() } }
        // Another program, in place, as a person's editor saves.
        try kde.write("tokenrc", "[Api]\nToken[$e]=${MY_API_TOKEN}/v2\n")
        #expect(eventually { recorder.all.contains { $0.key == "Api/Token" } }, "\(recorder.all)")
        let told = recorder.all.filter { $0.key == "Api/Token" }
        #expect(told.map(\.newValue) == [.string("${MY_API_TOKEN}/v2")], "\(told)")
        #expect(told.map(\.oldValue) == [.string("${MY_API_TOKEN}")], "\(told)")
        let state = kde.prefs.home.url.appendingPathComponent("state")
        let journals = FileManager.default.enumerator(atPath: state.path)?.compactMap { $0 as? String } ?? []
        let texts = journals.filter { $0.hasSuffix(".jsonl") }.compactMap {
            try? String(contentsOf: state.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(texts.contains { $0.contains("${MY_API_TOKEN}/v2") }, "\(journals)")
        #expect(!texts.contains { $0.contains("tok-3141592653") })
        let log = kde.run("log", "tokenrc", "Api/Token")
        #expect(log.output.contains("${MY_API_TOKEN}/v2") && !log.output.contains("tok-3141592653"), "\(log.output)")
    }

    /// kwriteconfig5 overwrites a value prefs wrote while nothing watches: the log read next ends at what the file
    /// holds, the change an unknown writer's.
    @Test func historyEndsAtWhatTheFileHoldsAfterAnUnseenChange() throws {
        let kde = try KDEFixture()
        #expect(kde.run("write", "unseenrc", "G/k", "mine").status == 0)
        try kde.kwrite("unseenrc", groups: ["G"], key: "k", "kde's")
        let log = kde.run("log", "unseenrc", "G/k").output.split(separator: "\n")
        #expect(log.count == 2, "\(log)")
        #expect(log.last?.hasSuffix("G/k: mine -> kde's  writer not recorded") == true, "\(log)")
        #expect(kde.run("log", "unseenrc", "G/k").output.split(separator: "\n") == log, "recorded once")
    }

    /// Observes every suite of a store, other processes' changes delivered from now on.
    private static func observe(_ store: KConfigStore) throws -> (ChangeRecorder, [PersistentKeyValueObservation]) {
        let recorder = ChangeRecorder()
        let observation = store.addObserver({ recorder.record($0) }, onProblem: { recorder.problem("\($0)") })
        return (recorder, [observation] + [try store.startDelivering()].compactMap { $0 })
    }

    @Test func aWriteIsAnnouncedOnTheSessionBusAsKConfigAnnouncesIt() throws {
        let kde = try KDEFixture()
        let runtime = kde.prefs.home.url.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let bus = try RunningChild(
            "/usr/bin/dbus-daemon",
            [
                "--config-file=/usr/share/dbus-1/session.conf", "--address=unix:path=\(runtime.path)/bus", "--nofork",
                "--print-address=1",
            ])
        defer { bus.kill() }
        #expect(bus.waitForLine { $0.hasPrefix("unix:") })
        let address = bus.output.first { $0.hasPrefix("unix:") } ?? ""
        let monitor = try RunningChild(
            "/usr/bin/dbus-monitor", ["--address", address, "type='signal',interface='org.kde.kconfig.notify'"])
        defer { monitor.kill() }
        // dbus-monitor says it is listening once the bus gives it a name.
        #expect(monitor.waitForLine { $0.contains("member=NameAcquired") })
        let written = try kde.prefs.spawn(
            ["--store", "kconfig", "write", "notify.test-rc", "Outer/In ner/key é", "v"],
            extraEnvironment: kde.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 })
        #expect(written.status == 0, "\(written.error)")
        #expect(
            monitor.waitForLine {
                $0.contains("path=/notify_test_rc; interface=org.kde.kconfig.notify; member=ConfigChanged")
            })
        #expect(monitor.waitForLine { $0.contains("string \"Outer\u{1D}In ner\"") })
        // The key's name as bytes: "key é".
        #expect(monitor.waitForLine { $0.contains("6b 65 79 20 c3 a9") })
    }
}
