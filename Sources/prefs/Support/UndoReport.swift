import Foundation
import PrefsKit
import PrefsTools

/// What `undo` and `redo` print: `key: new -> old` lines, or with `--json` one object per step.
enum UndoReport {
    static func print(_ steps: [UndoHistory.Step], json: Bool, schema: PreferenceSchema?) {
        guard json else { return Output.lines(steps.flatMap { $0.undo.lines(schema: schema) }) }
        Output.json(
            steps.map { step in
                [
                    "write": step.write.id.map { $0 as Any } ?? NSNull(),
                    "changes": step.undo.before.keys.sorted().map { key in
                        [
                            "key": key,
                            "from": ValueText.json(
                                step.undo.after[key] ?? nil, entry: schema?.entry(forStoredKey: key)),
                            "to": ValueText.json(step.undo.before[key] ?? nil, entry: schema?.entry(forStoredKey: key)),
                        ]
                    },
                ] as [String: Any]
            }, pretty: true)
    }
}
