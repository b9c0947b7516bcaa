import Foundation
import PrefsTools

/// What `undo` and `redo` print: `key: new -> old` lines, or with `--json` one object per step.
enum UndoReport {
    static func print(_ steps: [UndoHistory.Step], json: Bool) {
        guard json else { return Output.lines(steps.flatMap(\.undo.lines)) }
        Output.json(
            steps.map { step in
                [
                    "write": step.write.id.map { $0 as Any } ?? NSNull(),
                    "changes": step.undo.before.keys.sorted().map { key in
                        [
                            "key": key, "from": ValueText.json(step.undo.after[key] ?? nil),
                            "to": ValueText.json(step.undo.before[key] ?? nil),
                        ]
                    },
                ] as [String: Any]
            }, pretty: true)
    }
}
