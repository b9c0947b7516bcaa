import PrefsStores
import PrefsTUI
import PrefsTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The editor on every store of the machine, in a process of its own, as `prefs` alone starts on a desktop.
enum MachinePeer {
    /// Opens the machine as `prefs` alone does (every store that holds settings here, the desktop's first), lists
    /// every store's suites and draws the first frame into a headless terminal of 120 × 40; prints how many suites
    /// each store listed.
    ///
    /// - Throws: When the machine is one store, or the frame does not list the stores expected.
    static func firstFrame() throws {
        let (machine, data, model) = try openMachine()
        model.readStoreFacts()
        let frame = EditorView(model: model, unicode: true, color: true).render(width: 120, height: 40)
        let words = machine.members.map(\.word)
        guard words.allSatisfy(frame.text.contains) else {
            throw ToolError("the first frame lists no store of \(words):\n\(frame.text)")
        }
        // The names the editor listed: counting rows would read every suite, which the first frame does not.
        let names = data.suiteNames()
        print(words.map { word in "\(word) \(names.count { $0.hasPrefix(word + ":") })" }.joined(separator: ", "))
    }

    /// Opens the machine as `prefs` alone does and starts the editor's model on it.
    ///
    /// - Throws: When the machine is one store.
    private static func openMachine() throws -> (MachineStore, EditorData, EditorModel) {
        let opened = StoreResolver.editorContext(configDir: nil, storeURL: nil, suite: nil)
        guard let machine = opened.context.machineStore(creating: false) else { throw ToolError("one store here") }
        let data = EditorData(
            store: machine, schemas: try opened.context.schemas(), tools: opened.context, machine: machine)
        let model = EditorModel(data: data)
        model.start()
        return (machine, data, model)
    }
}

extension MachinePeer {
    /// Opens the machine as ``firstFrame()`` does, reads every suite ahead as the loop does while no key waits, then
    /// types `/` and `clock-format` a key at a time, each key's update and frame timed; prints each keystroke's time
    /// in microseconds, and the matches found.
    ///
    /// - Throws: When the machine is one store.
    static func searchKeystrokes() throws {
        let (_, _, model) = try openMachine()
        // Each frame as the loop draws it: what only a store can say read first.
        let view = {
            model.readStoreFacts()
            return EditorView(model: model, unicode: true, color: true).render(width: 120, height: 40)
        }
        _ = view()
        // What the editor's loop does while no key waits: every suite read ahead of `/`, one at a time.
        let preparing = ContinuousClock.now
        var suites = 0
        while model.prepareSearchStep() { suites += 1 }
        let prepared = ContinuousClock.now - preparing
        print("read \(suites) suites ahead in \(prepared)")
        var times: [Int] = []
        for key in ["/"] + "clock-format".map(String.init) {
            let start = ContinuousClock.now
            model.handle(.character(Character(key)))
            _ = view()
            let elapsed = ContinuousClock.now - start
            times.append(
                Int(elapsed.components.attoseconds / 1_000_000_000_000) + Int(elapsed.components.seconds) * 1_000_000)
        }
        print(times.map(String.init).joined(separator: " "), "matches:", model.rows.searchMatches.count)
    }
}
