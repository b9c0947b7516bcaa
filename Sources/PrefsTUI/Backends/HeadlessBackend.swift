/// A terminal in memory, for tests: input is scripted, frames are kept, and nothing touches a real terminal.
public final class HeadlessBackend: TerminalBackend {
    public private(set) var size: (width: Int, height: Int)
    public let supportsUnicode: Bool
    public let usesColor: Bool
    /// Every frame presented, oldest first.
    public private(set) var frames: [CellGrid] = []
    private var script: [InputEvent] = []
    private let wakeups = HeadlessWaker()

    /// Creates a terminal of a size.
    public init(width: Int = 80, height: Int = 24, supportsUnicode: Bool = true, usesColor: Bool = true) {
        size = (width, height)
        self.supportsUnicode = supportsUnicode
        self.usesColor = usesColor
    }

    /// The last frame presented.
    public var screen: CellGrid? { frames.last }

    /// Queues input for the editor to read.
    public func type(_ events: [InputEvent]) {
        script += events
    }

    /// Resizes the terminal and queues the resize event, as a terminal emulator does.
    public func resize(width: Int, height: Int) {
        size = (width, height)
        script.append(.resize(width: width, height: height))
    }

    public func present(_ grid: CellGrid) {
        frames.append(grid)
    }

    /// How many times the editor asked for the screen to be drawn whole.
    public private(set) var repaints = 0

    public func repaint() {
        repaints += 1
    }

    public func nextEvents(timeout: Duration?) -> [InputEvent] {
        if wakeups.take() { return [] }
        guard !script.isEmpty else { return [] }
        return [script.removeFirst()]
    }

    public var waker: any EditorWaker { wakeups }

    /// What was put on the clipboard, oldest first.
    public private(set) var copied: [String] = []

    public func copyToClipboard(_ text: String) {
        copied.append(text)
    }

    /// How many times the terminal was given to another program.
    public private(set) var suspensions = 0

    public func suspend(while body: () -> Void) {
        suspensions += 1
        body()
    }

    /// Whether input is still waiting to be read.
    public var hasPendingInput: Bool { !script.isEmpty }
}

private final class HeadlessWaker: EditorWaker {
    private let pending = RaisedFlag()

    func wake() {
        pending.raise()
    }

    func take() -> Bool {
        pending.take()
    }
}
