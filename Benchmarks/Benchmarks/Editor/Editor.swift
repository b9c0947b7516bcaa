import Benchmark
import BenchmarkSupport
import Foundation
import PrefsFileStore
import PrefsKit
import PrefsTUI

// The editor's targets (issue 5), each beside the least work anything showing the same data has to do.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], warmupIterations: 2, maxDuration: .seconds(5), maxIterations: 200)

    Benchmark("First frame, 200 suites × 200 keys: PrefsTUI (open the store, list the suites, draw)") {
        benchmark, directory in
        for _ in benchmark.scaledIterations {
            let store = try FileStore(
                directory: directory.config, journalDirectory: directory.journal, launchArguments: .none)
            let model = EditorModel(data: editorData(store, config: directory.config))
            // The model reads nothing until started (issue 42); without this the frame drew an empty list in 0.1 ms.
            model.start()
            blackHole(EditorView(model: model, unicode: true, color: true).render(width: 120, height: 40))
        }
    } setup: {
        try EditorDirectory(suites: 200, keys: 200)
    }

    Benchmark("First frame, 200 suites × 200 keys: Foundation (decode the 200 files, count their keys)") {
        benchmark, directory in
        for _ in benchmark.scaledIterations {
            var count = 0
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.config.path)
            where file.hasSuffix(".plist") {
                let data = try Data(contentsOf: directory.config.appendingPathComponent(file))
                count +=
                    (try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])?.count
                    ?? 0
            }
            blackHole(count)
        }
    } setup: {
        try EditorDirectory(suites: 200, keys: 200)
    }

    // Each iteration is one keystroke: three characters typed, then three Backspaces, so that the filter narrows and
    // widens as it does while someone types.
    let keystrokes: [InputEvent] = [
        .character("7"), .character("7"), .character("1"), .key(.backspace), .key(.backspace), .key(.backspace),
    ]
    Benchmark("Filter keystroke, 100,000 keys: PrefsTUI (fuzzy on key, value, summary, description; then draw)") {
        benchmark, fixture in
        for _ in benchmark.scaledIterations {
            fixture.next += 1
            fixture.editor.step([keystrokes[fixture.next % keystrokes.count]])
            fixture.editor.draw()
        }
    } setup: {
        try FilteringEditor(keys: 100_000)
    }

    Benchmark("Filter keystroke, 100,000 keys: Swift (substring of the lowercased key or value)") {
        benchmark, fixture in
        let patterns = ["7", "77", "771", "77", "7", ""]
        for _ in benchmark.scaledIterations {
            fixture.next += 1
            let pattern = patterns[fixture.next % patterns.count]
            blackHole(
                fixture.plain.filter { pattern.isEmpty || $0.key.contains(pattern) || $0.value.contains(pattern) })
        }
    } setup: {
        try FilteringEditor(keys: 100_000)
    }

    queryBenchmarks()

    // Each iteration is one keystroke of `/` on the suites screen, which searches the keys, values and documentation
    // of every suite: "setting77" typed, then erased, a character at a time.
    let search = Array("setting77").map { InputEvent.character($0) } + Array(repeating: .key(.backspace), count: 9)
    Benchmark("Global search keystroke, 200 suites × 200 keys: PrefsTUI (every suite's keys, values, docs; draw)") {
        benchmark, fixture in
        for _ in benchmark.scaledIterations {
            fixture.next += 1
            fixture.editor.step([search[fixture.next % search.count]])
            fixture.editor.draw()
        }
    } setup: {
        try SearchingEditor(suites: 200, keys: 200)
    }

    Benchmark("Global search keystroke, 200 suites × 200 keys: Swift (substring of 40,000 lowercased keys and values)")
    {
        benchmark, fixture in
        let patterns =
            (1...9).map { String("setting77".prefix($0)) }
            + (0..<9).reversed().map {
                String("setting77".prefix($0))
            }
        for _ in benchmark.scaledIterations {
            fixture.next += 1
            let pattern = patterns[fixture.next % patterns.count]
            blackHole(
                fixture.plain.filter { pattern.isEmpty || $0.key.contains(pattern) || $0.value.contains(pattern) })
        }
    } setup: {
        try SearchingEditor(suites: 200, keys: 200)
    }

    // A paste is as many keys as it has characters, delivered by the terminal backend 4,096 at a time; each batch is
    // followed by a frame. Issue 58: 50,000 keys took 13 s (the line copied per key, the whole line escaped per frame).
    Benchmark(
        "Paste 1 MiB into the edit line: PrefsTUI (4,096-key batches, a frame each)",
        configuration: .init(metrics: [.wallClock], maxIterations: 10)
    ) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            fixture.editor.step([.control("u")])
            var index = 0
            while index < fixture.paste.count {
                fixture.editor.step(Array(fixture.paste[index..<min(index + 4096, fixture.paste.count)]))
                fixture.editor.draw()
                index += 4096
            }
        }
    } setup: {
        try PastingEditor()
    }

    Benchmark(
        "Paste 1 MiB into the edit line: Swift (append 1 MiB of Characters to an array)",
        configuration: .init(metrics: [.wallClock], maxIterations: 10)
    ) { benchmark, fixture in
        for _ in benchmark.scaledIterations {
            var line: [Character] = []
            for case .character(let character) in fixture.paste { line.append(character) }
            blackHole(line)
        }
    } setup: {
        try PastingEditor()
    }

    Benchmark("Open the pending diff, 1,000 changes: PrefsTUI (p, draw the list against what is stored, esc)") {
        benchmark, fixture in
        for _ in benchmark.scaledIterations {
            fixture.editor.step([.character("p")])
            fixture.editor.draw()
            fixture.editor.step([.key(.escape)])
        }
    } setup: {
        try PendingEditor(changes: 1_000)
    }

    Benchmark("Open the pending diff, 1,000 changes: Swift (format 1,000 \"suite › key: old → new\" lines)") {
        benchmark, fixture in
        for _ in benchmark.scaledIterations {
            blackHole(fixture.plain.map { "big › \($0.key): \($0.value) → (reset)" })
        }
    } setup: {
        try PendingEditor(changes: 1_000)
    }

    let resident = BenchmarkMetric.custom("peak resident (KiB)", polarity: .prefersSmaller, useScalingFactor: false)
    for (label, arguments) in [
        ("PrefsTUI editor on the suite (draw, filter, move)", { (path: String) in ["editor-rss", path, "big"] }),
        ("Foundation (decode the suite's file)", { (path: String) in ["foundation-rss", "\(path)/big.plist"] }),
    ] {
        Benchmark(
            "Resident memory, 100,000 keys: \(label)", configuration: .init(metrics: [resident], maxIterations: 3)
        ) { benchmark, directory in
            for _ in benchmark.scaledIterations {
                let peer = try Peer.start(arguments(directory.config.path), capturingOutput: true)
                let output = try Peer.output(of: peer)
                benchmark.measurement(resident, output.compactMap { Int($0) }.first ?? 0)
            }
        } setup: {
            try EditorDirectory(suites: 0, keys: 0, bigSuite: 100_000)
        }
    }

    // The shipped program itself, in a real terminal: what the peer leaves out (argument parsing, ncurses, checking
    // the suite's name) once cost a second decode of the whole suite, which only this measure showed.
    Benchmark(
        "Resident memory, 100,000 keys: prefs tui in tmux (open, /12, enter, j)",
        configuration: .init(metrics: [resident], maxIterations: 3)
    ) { benchmark, directory in
        guard let prefs = ProcessInfo.processInfo.environment["PREFS_BENCH_PREFS"] else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "run through Benchmarks/run"])
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/tui-peak-resident").standardized
        for _ in benchmark.scaledIterations {
            let output = try MeasuredRun.output("/bin/bash", [script.path, prefs, directory.config.path, "big"])
            benchmark.measurement(resident, Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
        }
    } setup: {
        try EditorDirectory(suites: 0, keys: 0, bigSuite: 100_000)
    }
}
