// The other process of the cross-process benchmarks: a writer through PrefsKit, or through plain UserDefaults.
import Dispatch
import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI
import PrefsTools
import Synchronization

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("prefs-bench-peer: \(message)\n".utf8))
    exit(2)
}

/// The watches of the stores opened, held until the process ends.
let watches = Mutex<[PersistentKeyValueObservation?]>([])

func suite(_ directory: String, _ name: String, watching: Bool = true) -> FileSuite {
    do {
        // The journal sits beside the suites, where the benchmark's own store keeps it, so that changes are attributed.
        let directory = URL(fileURLWithPath: directory)
        let store = try FileStore(
            directory: directory, journalDirectory: directory.appendingPathComponent("journal"), launchArguments: .none)
        // A watching peer keeps its watch until the process ends.
        if watching { watches.withLock { $0.append(try? store.startWatching()) } }
        return try store.suite(name)
    } catch {
        fail("\(error)")
    }
}

/// The process's peak resident set size (`VmHWM`), in kilobytes.
func peakResidentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

func wallClockNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("ping", 5):
    // ping DIR SUITE COUNT INTERVAL-MS: writes the wall-clock time in nanoseconds to "ping", COUNT times.
    let target = suite(arguments[1], arguments[2])
    for _ in 0..<(Int(arguments[3]) ?? 0) {
        do { try target.commit(["ping": .int(wallClockNanoseconds())]) } catch { fail("\(error)") }
        usleep(useconds_t((Int(arguments[4]) ?? 5) * 1000))
    }
case ("pong", 4):
    // pong DIR SUITE COUNT: prints "ready", then, after COUNT changes of "ping" (or two quiet seconds), each one's
    // delay in microseconds.
    let target = suite(arguments[1], arguments[2])
    let count = Int(arguments[3]) ?? 0
    let delays = Mutex<[Int]>([])
    let arrived = DispatchSemaphore(value: 0)
    let observation = target.changeNotifier.addObserver(keys: ["ping"]) { changes in
        let now = wallClockNanoseconds()
        if case .int(let sent)? = changes.last?.newValue { delays.withLock { $0.append((now - sent) / 1000) } }
        arrived.signal()
    }
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    // Until every change arrived, or nothing came for two seconds: a burst coalesced by the watcher is one event. The
    // main thread sleeps meanwhile; polling a clock every millisecond took a processor from the watcher it measured.
    var seen = 0
    while seen < count, arrived.wait(timeout: .now() + (seen == 0 ? 30 : 2)) == .success { seen += 1 }
    observation.cancel()
    FileHandle.standardOutput.write(Data(delays.withLock { $0 }.map { "\($0)\n" }.joined().utf8))
case ("write", 5):
    // write DIR SUITE PREFIX COUNT: one PrefsKit write per key, by a writer that does not watch (as `prefs write`):
    // with eight writers that also watch, each reloads the suite after every other's write.
    let target = suite(arguments[1], arguments[2], watching: ProcessInfo.processInfo.environment["PEER_WATCHES"] != nil)
    for index in 0..<(Int(arguments[4]) ?? 0) {
        do { try target.commit(["\(arguments[3])-\(index)": .int(index)]) } catch { fail("\(error)") }
    }
case ("ud-write", 4):
    // ud-write SUITE-PATH PREFIX COUNT: one UserDefaults set and synchronize per key.
    guard let defaults = UserDefaults(suiteName: arguments[1]) else { fail("cannot open \(arguments[1])") }
    for index in 0..<(Int(arguments[3]) ?? 0) {
        defaults.set(index, forKey: "\(arguments[2])-\(index)")
        defaults.synchronize()
    }
case ("floor-ping", 4):
    // floor-ping DIR COUNT INTERVAL-MS and floor-pong DIR COUNT: see FloorPeer.
    FloorPeer.ping(arguments[1], count: Int(arguments[2]) ?? 0, interval: Int(arguments[3]) ?? 5)
case ("floor-pong", 3):
    FloorPeer.pong(arguments[1], count: Int(arguments[2]) ?? 0)
case ("record", 4):
    // record DIR SUITE FILE: see RecorderPeer.
    do { try await RecorderPeer.record(arguments[1], suite: arguments[2], output: arguments[3]) } catch {
        fail("\(error)")
    }
case ("editor-rss", 3):
    // editor-rss DIR SUITE: opens the editor (headless) on a suite's keys, draws, filters, and prints the peak
    // resident set in kilobytes.
    let directory = URL(fileURLWithPath: arguments[1])
    do {
        let store = try FileStore(
            directory: directory, journalDirectory: directory.appendingPathComponent("journal"), launchArguments: .none)
        let schemas = SchemaCatalog(configDirectory: directory)
        let tools = ToolContext(
            locationDescription: store.locationDescription, codec: FilePropertyListCodec(), open: { _ in store },
            schemas: { schemas })
        let data = EditorData(store: store, schemas: schemas, tools: tools)
        let backend = HeadlessBackend(width: 120, height: 40, supportsUnicode: true, usesColor: true)
        let editor = Editor(model: EditorModel(data: data, suite: arguments[2]), backend: backend)
        editor.model.start()
        editor.draw()
        for event in [InputEvent.character("/"), .character("1"), .character("2"), .key(.enter), .character("j")] {
            editor.step([event])
            editor.draw()
        }
        print(peakResidentKilobytes())
    } catch {
        fail("\(error)")
    }
case ("foundation-rss", 2):
    // foundation-rss FILE: decodes a property list with Foundation, lists its keys, and prints the peak resident set.
    guard let data = FileManager.default.contents(atPath: arguments[1]),
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    else { fail("cannot read \(arguments[1])") }
    print(plist.keys.sorted().count > 0 ? peakResidentKilobytes() : 0)
case ("foundation-load", 2):
    // foundation-load DIR: decodes every property list in a folder with Foundation; prints how many.
    let folder = URL(fileURLWithPath: arguments[1])
    var count = 0
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".plist")
    {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
            (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any]
        else { fail("cannot read \(name)") }
        count += 1
    }
    print(count)
case ("cfg-pong", 6):
    // cfg-pong WATCHER DIR SUITE COUNT QUIET-MS: see ConfigurationPeer.pong.
    guard let watcher = ConfigurationPeer.Watcher(rawValue: arguments[1]) else {
        fail("unknown watcher \(arguments[1])")
    }
    do {
        try await ConfigurationPeer.pong(
            watcher, directory: arguments[2], suite: arguments[3], count: Int(arguments[4]) ?? 0,
            quiet: Int(arguments[5]) ?? 2000)
    } catch {
        fail("\(error)")
    }
case ("pg-ping", 4):
    do { try PostgresPeer.ping(arguments[1], count: Int(arguments[2]) ?? 0, interval: Int(arguments[3]) ?? 5) } catch {
        fail("\(error)")
    }
case ("pg-pong", 3):
    do { try PostgresPeer.pong(arguments[1], count: Int(arguments[2]) ?? 0) } catch { fail("\(error)") }
case ("pg-write", 4):
    do { try PostgresPeer.write(arguments[1], prefix: arguments[2], count: Int(arguments[3]) ?? 0) } catch {
        fail("\(error)")
    }
case ("pg-count", 3):
    // pg-count URL store|raw: how many keys the benchmark suite holds.
    do { print(try await PostgresPeer.count(arguments[1], raw: arguments[2] == "raw")) } catch { fail("\(error)") }
case ("pg-raw-ping", 4):
    do {
        try await PostgresPeer.rawPing(arguments[1], count: Int(arguments[2]) ?? 0, interval: Int(arguments[3]) ?? 5)
    } catch {
        fail("\(error)")
    }
case ("pg-raw-pong", 3):
    do { try await PostgresPeer.rawPong(arguments[1], count: Int(arguments[2]) ?? 0) } catch { fail("\(error)") }
case ("pg-raw-write", 4):
    do { try await PostgresPeer.rawWrite(arguments[1], prefix: arguments[2], count: Int(arguments[3]) ?? 0) } catch {
        fail("\(error)")
    }
case ("pg-fill", 4):
    do { try await PostgresPeer.fill(arguments[1], suites: Int(arguments[2]) ?? 0, keys: Int(arguments[3]) ?? 0) } catch
    {
        fail("\(error)")
    }
case ("pg-raw-read", 4):
    do { try await PostgresPeer.rawRead(arguments[1], suite: arguments[2], key: arguments[3]) } catch {
        fail("\(error)")
    }
case ("pg-raw-upsert", 5):
    do {
        try await PostgresPeer.rawUpsert(arguments[1], suite: arguments[2], key: arguments[3], value: arguments[4])
    } catch {
        fail("\(error)")
    }
case ("pg-raw-notify", 3):
    do { try await PostgresPeer.rawNotify(arguments[1], payload: arguments[2]) } catch { fail("\(error)") }
case ("pg-raw-listen", 2):
    do { try await PostgresPeer.rawListen(arguments[1]) } catch { fail("\(error)") }
default:
    fail(
        "usage: ping DIR SUITE COUNT INTERVAL-MS | pong DIR SUITE COUNT | write DIR SUITE PREFIX COUNT | ud-write SUITE-PATH PREFIX COUNT | floor-ping DIR COUNT INTERVAL-MS | floor-pong DIR COUNT | record DIR SUITE FILE"
    )
}
