import Benchmark
import Foundation
import PrefsKit
import PrefsTUI

/// Issue 44's target: each keystroke of a query of filters at 100,000 keys ≤ 16 ms p99, beside plain Swift testing
/// the same conditions on the same keys held as strings.
///
/// The query asks every kind of word at once: facts (`@modified`, `@type:int`), negated free text (`-7`), a value
/// glob (`=1*`) and the history (`@changed:1h`). Each iteration is one keystroke: the query typed a character at a
/// time, then erased, so every prefix is measured, the ones not understood yet (`@ty`) included.
func queryBenchmarks() {
    let query = "@modified @type:int -7 =1* @changed:1h"
    let typing =
        Array(query).map { InputEvent.character($0) } + Array(repeating: InputEvent.key(.backspace), count: query.count)
    Benchmark("Query keystroke, 100,000 keys: PrefsTUI (@modified @type:int -7 =1* @changed:1h typed; then draw)") {
        benchmark, fixture in
        for _ in benchmark.scaledIterations {
            fixture.next += 1
            fixture.editor.step([typing[fixture.next % typing.count]])
            fixture.editor.draw()
        }
    } setup: {
        try QueryingEditor(keys: 100_000, query: query)
    }

    Benchmark("Query keystroke, 100,000 keys: Swift (the same conditions on plain strings, each prefix)") {
        benchmark, fixture in
        let since = Date().addingTimeInterval(-3600)
        for _ in benchmark.scaledIterations {
            fixture.next += 1
            // The whole query, every other time: the baseline does the most the query does.
            blackHole(
                fixture.plain.filter {
                    $0.isInt && !$0.key.contains("7") && !$0.value.contains("7") && $0.value.hasPrefix("1")
                        && $0.time >= since
                })
        }
    } setup: {
        try QueryingEditor(keys: 100_000, query: query)
    }
}

/// The editor on a 100,000-key suite's keys with `/` pressed and a query typed once, so that the suite's history is
/// read before the keystrokes measured; and the keys, values, types and times as plain values for the baseline.
final class QueryingEditor: @unchecked Sendable {
    let directory: EditorDirectory
    let editor: Editor
    let plain: [(key: String, value: String, isInt: Bool, time: Date)]
    var next = 0

    init(keys: Int, query: String) throws {
        directory = try EditorDirectory(suites: 0, keys: 0, bigSuite: keys)
        editor = try directory.editor(suite: "big")
        editor.step([.character("/")] + query.map { InputEvent.character($0) })
        editor.draw()
        editor.step(Array(repeating: .key(.backspace), count: query.count))
        let now = Date()
        plain = EditorDirectory.values(keys).map { key, value in
            let isInt = if case .int = value { true } else { false }
            return (key.lowercased(), (value?.text ?? "").lowercased(), isInt, now)
        }
    }
}
