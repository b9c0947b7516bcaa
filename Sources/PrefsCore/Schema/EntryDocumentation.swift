import Synchronization

/// A key's summary and description, given or read when first asked for.
///
/// Some sources pay far more for documentation than for the rest of a schema: GIO parses the XML of every installed
/// GSettings schema the first time any summary is asked for. Reading it on demand keeps commands that only read and
/// write values from paying for text they never show.
final class EntryDocumentation: Sendable {
    /// A key's summary and description.
    typealias Text = (summary: String?, description: String?)

    private enum State {
        case pending(@Sendable () -> Text)
        case read(summary: String?, description: String?)
    }

    private let state: Mutex<State>

    /// Documentation known now.
    init(summary: String?, description: String?) {
        state = Mutex(.read(summary: summary, description: description))
    }

    /// Documentation that `read` gives the first time it is asked for; `read` is called at most once.
    init(reading read: @escaping @Sendable () -> Text) {
        state = Mutex(.pending(read))
    }

    /// The summary and description, read now if they were not yet.
    var text: Text {
        // The reader runs under the lock: a second caller waits for it rather than reading twice.
        state.withLock { state in
            switch state {
            case .read(let summary, let description):
                return (summary, description)
            case .pending(let read):
                let text = read()
                state = .read(summary: text.summary, description: text.description)
                return text
            }
        }
    }
}
