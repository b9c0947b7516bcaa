public import PrefsCore
import PrefsTools
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The editor's loop: it draws the model through a backend, and feeds it input and other processes' changes.
///
/// Everything runs on the calling thread. The store's watcher thread only queues changes and wakes the backend, so
/// a change appears within one frame of its event and the terminal library is never called from two threads.
public final class Editor {
    public let model: EditorModel
    public let backend: any TerminalBackend
    /// The user's colours (`$XDG_CONFIG_HOME/prefs/theme`), over the built-in ones.
    public var themeFile = ThemeFile.none
    /// Runs `$VISUAL` or `$EDITOR` for `e`; tests set the environment it reads.
    public var externalEditor = ExternalTextEditor()
    private let pending = ChangeQueue()

    /// An editor over a model, drawing through a backend.
    public init(model: EditorModel, backend: any TerminalBackend) {
        self.model = model
        self.backend = backend
    }

    /// Reads the store (``EditorModel/start()``), then runs until the user quits.
    public func run() {
        model.start()
        let waker = backend.waker
        let observation = model.data.store.addObserver(
            { [pending] changes in
                pending.append(changes)
                waker.wake()
            }, onProblem: problemReporter)
        defer { observation.cancel() }
        // A schema installed, changed or removed meanwhile shows at once: the editor reads everything again. A
        // source that cannot be watched (schemas given in code) has nothing to say; one whose watch fails says so.
        let schemaWatch: PersistentKeyValueObservation?
        do {
            schemaWatch = try model.data.schemas.watchSchemas(
                creatingFolder: !model.readOnly,
                onChange: { [pending] _ in
                    pending.noteSchemaChange()
                    waker.wake()
                }, onProblem: problemReporter)
        } catch {
            schemaWatch = nil
            model.liveUpdatesStopped("schemas are not watched: \(error)")
        }
        defer { schemaWatch?.cancel() }
        var searchReady = false
        var changed = true
        while !model.ending.isFinished {
            // Reading a suite ahead of `/` changes nothing shown: the frame is drawn again only after input or news.
            if changed { draw() }
            let now = ContinuousClock.now
            // While suites remain to be read for `/`, a key is only looked for: one suite is read each time none
            // waits.
            let timeout = searchReady ? model.live.nextHighlightEnd(after: now).map { $0 - now } : .zero
            let events = backend.nextEvents(timeout: timeout)
            if !searchReady, events.isEmpty, !pending.hasWaiting {
                searchReady = !model.prepareSearchStep()
                changed = false
                continue
            }
            step(events)
            changed = true
        }
    }

    /// Reports, from any thread, that other processes' changes no longer arrive.
    ///
    /// The store's service died, or its observation lost its watcher or listener: the editor then says
    /// `live updates stopped: <reason>` until another process's change arrives again.
    public var problemReporter: @Sendable (any Error) -> Void {
        { [pending, waker = backend.waker] problem in
            pending.report(problem)
            waker.wake()
        }
    }

    /// Applies queued changes and input events; the next ``draw()`` shows the result.
    public func step(_ events: [InputEvent]) {
        let changes = pending.takeAll()
        if pending.takeSchemaChange() { perform(model.update(.schemasChanged)) }
        perform(model.update(.othersChanged(changes)))
        if let problem = pending.takeProblem() { perform(model.update(.liveUpdatesStopped(problem))) }
        let size = backend.size
        perform(model.update(.resized(width: size.width, height: size.height)))
        for event in events {
            // Ctrl-L repaints wherever it is typed, as in vim and less; the model reloads too when nothing is open.
            if event == .control("l") { backend.repaint() }
            perform(model.update(.input(event)))
        }
    }

    /// Does what the model asked of the world outside it, and what the model asks while taking the outcomes in (the
    /// next suite of `A`, a value edited in `$EDITOR`), until it asks nothing more.
    private func perform(_ effects: [EditorEffect]) {
        for effect in effects { perform(effect) }
    }

    /// Does one thing the model asked of the world outside it.
    private func perform(_ effect: EditorEffect) {
        switch effect {
        case .copy(let text):
            do {
                try backend.copyToClipboard(text)
            } catch {
                model.say("not copied: the terminal could not be written to: \(error)")
            }
        case .editExternally(let edit): runExternalEditor(edit)
        case .write(let write):
            // PrefsTools' one write, as `prefs write`, `import` and `undo` make it.
            let outcome = Result {
                try SuiteWrite.commit(
                    write.changes, to: try model.data.suite(write.suite), schema: model.data.schema(for: write.suite),
                    expecting: write.expecting)
            }
            perform(model.update(.written(write, outcome)))
        case .reload: model.reload()
        }
    }

    /// Hands the terminal to the user's editor for one value, then gives the model what it saved.
    private func runExternalEditor(_ edit: ExternalEdit) {
        var result = Result<String, ExternalEditorError>.failure(ExternalEditorError("the editor did not run"))
        backend.suspend {
            result = externalEditor.edit(edit.text, name: edit.key, fileExtension: edit.isJSON ? "json" : "txt")
        }
        perform(model.update(.editedExternally(edit, result)))
    }

    /// Notes that schemas changed, as the schema watch does; tests use it to play an install by another process.
    public func receiveSchemaChange() {
        pending.noteSchemaChange()
    }

    /// Queues changes as the store's observer does; tests use it to play another process's write.
    public func receive(_ changes: [PersistentKeyValueChange]) {
        pending.append(changes)
    }

    /// Draws the current state.
    public func draw() {
        // What only a store can say is read here, by the model, so that the view reads no store.
        model.readStoreFacts()
        let size = backend.size
        backend.present(
            EditorView(
                model: model, unicode: backend.supportsUnicode, color: backend.usesColor, themeFile: themeFile
            )
            .render(width: size.width, height: size.height))
    }
}

/// Changes queued by the store's watcher thread for the editor's thread.
private final class ChangeQueue: Sendable {
    private let changes = Mutex<[PersistentKeyValueChange]>([])
    private let problem = Mutex<String?>(nil)

    func report(_ error: any Error) {
        problem.withLock { $0 = "\(error)" }
    }

    func takeProblem() -> String? {
        problem.withLock { taken in
            defer { taken = nil }
            return taken
        }
    }

    private let schemasChanged = RaisedFlag()

    func noteSchemaChange() {
        schemasChanged.raise()
    }

    func takeSchemaChange() -> Bool {
        schemasChanged.take()
    }

    func append(_ batch: [PersistentKeyValueChange]) {
        changes.withLock { $0 += batch }
    }

    /// Whether changes, a schema change or a problem wait to be applied.
    var hasWaiting: Bool {
        changes.withLock { !$0.isEmpty } || problem.withLock { $0 != nil } || schemasChanged.isRaised
    }

    func takeAll() -> [PersistentKeyValueChange] {
        changes.withLock { queued in
            defer { queued = [] }
            return queued
        }
    }
}
