// A child process for the multi-process tests and benchmarks. Every command prints one line per step, flushed at
// once, so that the parent can follow along and kill it at any moment.
import Foundation
import PrefsFileStore
import PrefsKit
import Synchronization

#if PostgreSQL
import PrefsPostgres
#endif

/// Writes a line straight to standard output, unbuffered, so that a parent sees it before any kill.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("prefs-test-helper: \(message)\n".utf8))
    exit(2)
}

/// The watches of the stores opened, held until the process ends.
let watches = Mutex<[PersistentKeyValueObservation?]>([])

/// Opens a suite; the journal directory comes from `PREFS_TEST_JOURNAL` so that a test's children share its journal,
/// and the lock timeout from `PREFS_TEST_LOCK_TIMEOUT_MS` when set.
func suite(_ directory: String, _ name: String) -> FileSuite {
    do {
        let environment = ProcessInfo.processInfo.environment
        let journal = environment["PREFS_TEST_JOURNAL"].map { URL(fileURLWithPath: $0) }
        let timeout = environment["PREFS_TEST_LOCK_TIMEOUT_MS"].flatMap(Int.init).map(Duration.milliseconds)
        let store = try FileStore(
            directory: URL(fileURLWithPath: directory), journalDirectory: journal, launchArguments: .none,
            lockTimeout: timeout ?? .seconds(5))
        // The helper's observers see other processes' changes, as an app running the store's service does.
        watches.withLock { $0.append(try? store.startWatching()) }
        return try store.suite(name)
    } catch {
        fail("\(error)")
    }
}

// An app declaring the name its writes are journaled under, as PrefsKit lets it.
if let name = ProcessInfo.processInfo.environment["PREFS_TEST_WRITER_NAME"], !WriterName.declare(name) {
    fail("cannot declare the writer name \(name)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "exec-unblocked":
    // exec-unblocked PROGRAM ARGS…: runs a program with no signal blocked. A test runner's threads block signals, and
    // a child inherits that mask across exec: a dbus-daemon started so ignores the SIGTERM that ends its session.
    guard arguments.count >= 2 else { fail("usage: exec-unblocked PROGRAM ARGS…") }
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
    let argv = arguments.dropFirst().map { strdup($0) } + [nil]
    execv(arguments[1], argv)
    fail("cannot run \(arguments[1]): \(String(cString: strerror(errno)))")
case "write":
    // write DIR SUITE PREFIX COUNT: one commit per key, printing "committed N" after each.
    guard arguments.count == 5, let count = Int(arguments[4]) else { fail("usage: write DIR SUITE PREFIX COUNT") }
    let target = suite(arguments[1], arguments[2])
    for index in 0..<count {
        do {
            try target.commit(["\(arguments[3])-\(index)": .int(index)])
        } catch {
            fail("\(error)")
        }
        say("committed \(index)")
    }
case "write-forever":
    // write-forever DIR SUITE PREFIX: commits keys until killed.
    guard arguments.count == 4 else { fail("usage: write-forever DIR SUITE PREFIX") }
    let target = suite(arguments[1], arguments[2])
    var index = 0
    while true {
        do {
            try target.commit(["\(arguments[3])-\(index)": .string(String(repeating: "x", count: index % 7))])
        } catch {
            fail("\(error)")
        }
        say("committed \(index)")
        index += 1
    }
case "set":
    // set DIR SUITE KEY INT: one write.
    guard arguments.count == 5, let value = Int(arguments[4]) else { fail("usage: set DIR SUITE KEY INT") }
    do {
        try suite(arguments[1], arguments[2]).commit([arguments[3]: .int(value)])
    } catch {
        fail("\(error)")
    }
    say("done")
case "pg-write":
    // pg-write URL PREFIX COUNT: one PostgreSQL store write per key, then "done".
    guard arguments.count == 4, let count = Int(arguments[3]) else { fail("usage: pg-write URL PREFIX COUNT") }
    #if PostgreSQL
    do {
        let suite = try PostgresStore(url: arguments[1]).suite("shared")
        for index in 0..<count { try suite.commit(["\(arguments[2])-\(index)": .int(index)]) }
    } catch {
        fail("\(error)")
    }
    say("done")
    #else
    fail("built without PostgreSQL (swift build --traits PostgreSQL)")
    #endif
case "set-string":
    // set-string DIR SUITE KEY TEXT: one write of a string.
    guard arguments.count == 5 else { fail("usage: set-string DIR SUITE KEY TEXT") }
    do {
        try suite(arguments[1], arguments[2]).commit([arguments[3]: .string(arguments[4])])
    } catch {
        fail("\(error)")
    }
    say("done")
case "pairs":
    // pairs DIR SUITE ROUNDS: commits left = right = round, both in one transaction, for each round from 1.
    guard arguments.count == 4, let rounds = Int(arguments[3]) else { fail("usage: pairs DIR SUITE ROUNDS") }
    let target = suite(arguments[1], arguments[2])
    for round in 1...max(rounds, 1) {
        do {
            try target.commit(["left": .int(round), "right": .int(round)])
        } catch {
            fail("\(error)")
        }
    }
    say("done")
case "set-now":
    // set-now DIR SUITE KEY: writes the current date, to the sub-second, with one other key.
    guard arguments.count == 4 else { fail("usage: set-now DIR SUITE KEY") }
    do {
        try suite(arguments[1], arguments[2]).commit([arguments[3]: .date(Date()), "count": .int(1)])
    } catch {
        fail("\(error)")
    }
    say("done")
case "ud-write":
    // ud-write SUITE-PATH KEY STRING: a plain UserDefaults program writing a suite.
    guard arguments.count == 4, let defaults = UserDefaults(suiteName: arguments[1]) else {
        fail("usage: ud-write SUITE-PATH KEY STRING")
    }
    defaults.set(arguments[3], forKey: arguments[2])
    defaults.synchronize()
    say("done")
case "ud-write-int":
    // ud-write-int SUITE-PATH KEY INTEGER: a plain UserDefaults program writing an integer.
    guard arguments.count == 4, let defaults = UserDefaults(suiteName: arguments[1]), let number = Int(arguments[3])
    else { fail("usage: ud-write-int SUITE-PATH KEY INTEGER") }
    defaults.set(number, forKey: arguments[2])
    defaults.synchronize()
    say("done")
case "ud-loop":
    // ud-loop SUITE-PATH KEY INTERVAL-MS: a long-lived plain UserDefaults app that saves its own counter every
    // INTERVAL-MS, as apps do, until its standard input closes; prints "ready" after its first save and then
    // "wrote N".
    guard arguments.count == 4, let interval = Double(arguments[3]),
        let defaults = UserDefaults(suiteName: arguments[1])
    else { fail("usage: ud-loop SUITE-PATH KEY INTERVAL-MS") }
    let stop = StopFlag()
    Thread.detachNewThread {
        _ = FileHandle.standardInput.readDataToEndOfFile()
        stop.set()
    }
    var count = 0
    while !stop.isSet {
        count += 1
        defaults.set(count, forKey: arguments[2])
        defaults.synchronize()
        if count == 1 { say("ready") }
        Thread.sleep(forTimeInterval: interval / 1000)
    }
    say("wrote \(count)")
case "hold-lock":
    // hold-lock PATH: takes an exclusive flock on PATH, prints "locked", and holds it until standard input closes.
    guard arguments.count == 2 else { fail("usage: hold-lock PATH") }
    let descriptor = open(arguments[1], O_RDONLY | O_CREAT, 0o600)
    guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { fail("cannot lock \(arguments[1])") }
    say("locked")
    _ = FileHandle.standardInput.readDataToEndOfFile()
    close(descriptor)
case "ud-read":
    // ud-read SUITE-PATH KEY: a plain UserDefaults program reading a suite.
    guard arguments.count == 3, let defaults = UserDefaults(suiteName: arguments[1]) else {
        fail("usage: ud-read SUITE-PATH KEY")
    }
    defaults.synchronize()
    say(defaults.object(forKey: arguments[2]).map { "\($0)" } ?? "<absent>")
case "time-writes":
    // time-writes DIR SUITE KEYS COUNT: fills a suite with KEYS keys, then prints the mean time of COUNT one-key writes.
    guard arguments.count == 5, let keys = Int(arguments[3]), let count = Int(arguments[4]) else {
        fail("usage: time-writes DIR SUITE KEYS COUNT")
    }
    let target = suite(arguments[1], arguments[2])
    do {
        try target.commit(
            Dictionary(uniqueKeysWithValues: (0..<keys).map { ("fill-\($0)", PropertyListValue?.some(.int($0))) }))
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for index in 0..<count { try target.commit(["timed": .int(index)]) }
        }
        say("mean \(elapsed / count)")
    } catch {
        fail("\(error)")
    }
case "ping":
    // ping DIR SUITE COUNT INTERVAL-MS: writes the wall-clock time in nanoseconds to "ping", COUNT times.
    guard arguments.count == 5, let count = Int(arguments[3]), let interval = Int(arguments[4]) else {
        fail("usage: ping DIR SUITE COUNT INTERVAL-MS")
    }
    let target = suite(arguments[1], arguments[2])
    for _ in 0..<count {
        do {
            try target.commit(["ping": .int(wallClockNanoseconds())])
        } catch {
            fail("\(error)")
        }
        usleep(useconds_t(interval * 1000))
    }
    say("done")
case "pong":
    // pong DIR SUITE COUNT: waits for COUNT changes of "ping" and prints the p50 and p99 delay in microseconds.
    guard arguments.count == 4, let count = Int(arguments[3]) else { fail("usage: pong DIR SUITE COUNT") }
    let target = suite(arguments[1], arguments[2])
    let delays = Delays()
    let observation = target.changeNotifier.addObserver(keys: ["ping"]) { changes in
        let now = wallClockNanoseconds()
        if case .int(let sent)? = changes.last?.newValue { delays.add(Double(now - sent) / 1000) }
    }
    say("ready")
    while delays.count < count { usleep(1000) }
    withExtendedLifetime(observation) {}
    let sorted = delays.sorted
    say("p50 \(sorted[sorted.count / 2]) p99 \(sorted[min(sorted.count - 1, sorted.count * 99 / 100)])")
case "time-reads":
    // time-reads DIR SUITE COUNT: the mean time of a typed read through PrefsKit and through UserDefaults.
    guard arguments.count == 4, let count = Int(arguments[3]) else { fail("usage: time-reads DIR SUITE COUNT") }
    let target = suite(arguments[1], arguments[2])
    let key = PersistentKey<String>("key", defaultValue: "")
    target.set(key, to: "value")
    guard let defaults = UserDefaults(suiteName: arguments[1] + "/defaults") else { fail("cannot open defaults") }
    defaults.set("value", forKey: "key")
    let clock = ContinuousClock()
    var sink = 0
    let prefs = clock.measure { for _ in 0..<count { sink &+= target.get(key).utf8.count } }
    let onlyPrefs = ProcessInfo.processInfo.environment["ONLY_PREFS"] != nil
    let plain = clock.measure {
        for _ in 0..<(onlyPrefs ? 0 : count) { sink &+= defaults.string(forKey: "key")?.utf8.count ?? 0 }
    }
    say("PrefsKit \(prefs / count) UserDefaults \(plain / count) (\(sink))")
case "watch":
    // watch DIR SUITE: prints "ready", then one line per change: "change KEY NEW-VALUE ORIGIN PID".
    guard arguments.count == 3 else { fail("usage: watch DIR SUITE") }
    let target = suite(arguments[1], arguments[2])
    let observation = target.changeNotifier.addObserver { changes in  // kept until the process is killed
        for change in changes {
            let pid = change.writer?.pid.map(String.init) ?? "unknown"
            say("change \(change.key) \(change.newValue?.description ?? "nil") \(change.origin.rawValue) \(pid)")
        }
    }
    say("ready")
    while true { _ = withExtendedLifetime(observation) { sleep(60) } }
default:
    fail("unknown command; see the source for the list")
}

func wallClockNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
}

/// Set by one thread, read by another.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Delays collected on the watcher's thread and read on the main one.
final class Delays: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []

    func add(_ value: Double) {
        lock.withLock { values.append(value) }
    }

    var count: Int { lock.withLock { values.count } }
    var sorted: [Double] { lock.withLock { values.sorted() } }
}
