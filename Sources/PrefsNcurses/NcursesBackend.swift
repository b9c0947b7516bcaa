import CNcurses
import PrefsSystem
public import PrefsTUI
import SystemPackage

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The terminal, through ncursesw: draws only the cells that changed, and reads keys, the mouse and resizes.
///
/// It must be used from one thread. ``close()`` (or releasing it) restores the terminal. SIGINT, SIGTERM and SIGHUP
/// arrive as ``PrefsTUI/InputEvent/signal(_:)`` events, through a pipe a handler writes to, so that the editor asks
/// about pending changes or keeps them instead of dying with them. SIGWINCH comes through the same pipe, so a resize
/// is followed at once, not at the next key: the size is read from the terminal, and the next frame is drawn whole.
public final class NcursesBackend: TerminalBackend {
    /// The descriptors of a terminal: standard input and output, or a pseudo-terminal a test drives.
    public struct Device: Sendable {
        /// Where keys come from.
        public let input: CInt
        /// Where the screen is drawn.
        public let output: CInt
        /// The terminal type; `TERM`'s when `nil`.
        public let type: String?

        /// A terminal on two descriptors.
        public init(input: CInt, output: CInt, type: String? = nil) {
            self.input = input
            self.output = output
            self.type = type
        }

        /// The process's own terminal.
        public static let standard = Device(input: 0, output: 1)
    }

    public let supportsUnicode: Bool
    public let usesColor: Bool
    private var shown: CellGrid?
    private let device: Device
    private let wakePipe: NonblockingPipe
    private let signalPipe: NonblockingPipe
    private let terminal: Ncurses.Terminal
    private var isOpen = true

    /// Takes over the terminal.
    ///
    /// - Parameters:
    ///   - noColor: Draw without colours, as `--no-color` asks; `NO_COLOR` in the environment does too.
    ///   - device: The terminal; the process's own by default.
    /// - Throws: ``NcursesError`` when the terminal cannot be set up; nothing stays open or installed then.
    public init(noColor: Bool = false, device: Device = .standard) throws {
        supportsUnicode = Self.setLocale()
        self.device = device
        do {
            wakePipe = try NonblockingPipe()
            signalPipe = try NonblockingPipe()
        } catch {
            throw NcursesError(call: "pipe", reason: error)
        }
        // Before newterm, which then leaves these signals to this program rather than exiting on them itself.
        try Ncurses.forwardSignals(to: signalPipe.writeEnd)
        do {
            terminal = try Ncurses.openTerminal(type: device.type, output: device.output, input: device.input)
        } catch {
            Ncurses.restoreSignals()
            throw error
        }
        do {
            try Ncurses.configureInput()
        } catch {
            Ncurses.endwin()
            Ncurses.closeTerminal(terminal)
            Ncurses.restoreSignals()
            throw error
        }
        Ncurses.unblockSignals()
        Ncurses.setEscapeDelay(25)
        Ncurses.hideCursor()
        Ncurses.enableMouse()
        let wantsColor = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        usesColor = wantsColor && Ncurses.startColor()
        if usesColor { Self.initPairs() }
    }

    deinit {
        close()
        Ncurses.closeTerminal(terminal)
        // Only now: a SIGTERM between giving the terminal back and the editor's last words (where pending changes
        // were kept) would otherwise end the process before it says them.
        Ncurses.restoreSignals()
    }

    /// Gives the terminal back as it was.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        Ncurses.endwin()
    }

    public var size: (width: Int, height: Int) { Ncurses.size }

    public func suspend(while body: () -> Void) {
        Ncurses.endwin()
        body()
        // The other program drew over everything, and the terminal may have been resized meanwhile (SIGWINCH goes to
        // the foreground group, which was the other program's): the next frame is drawn whole, at the size the
        // terminal has now, and refresh resumes curses mode.
        _ = followTerminalSize()
        Ncurses.refresh()
    }

    /// Sends OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`) to the terminal.
    ///
    /// xterm, kitty, foot, WezTerm, iTerm2, Windows Terminal and tmux (`set-clipboard`) take it, over ssh too: no X11
    /// or Wayland library is loaded for it. A terminal that does not take it ignores the sequence; the text, base64,
    /// cannot reach the terminal as anything else.
    public func copyToClipboard(_ text: String) throws {
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        // The screen is flushed first, so that the sequence does not land inside a frame ncurses is writing.
        Ncurses.refresh()
        _ = try FileDescriptor(rawValue: device.output).writeAll(Array(sequence.utf8))
    }

    public func repaint() {
        shown = nil
        Ncurses.forgetScreen()
    }

    /// Reads the terminal's size, gives it to ncurses, and forgets what the terminal shows.
    ///
    /// - Returns: The resize event, at the size read; `nil` when the terminal cannot say (ncurses's size stays).
    private func followTerminalSize() -> InputEvent? {
        repaint()
        guard let size = try? Terminal.windowSize(FileDescriptor(rawValue: device.output)), size.width > 0,
            size.height > 0
        else { return nil }
        Ncurses.resize(width: size.width, height: size.height)
        return .resize(width: size.width, height: size.height)
    }

    public var waker: any EditorWaker { PipeWaker(pipe: wakePipe) }

    public func present(_ grid: CellGrid) {
        let previous = shown.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if cell.isContinuation || previous?[x, y] == cell { continue }
                // ncurses holds one spacing character and four marks a cell (CCHARW_MAX): a letter with more marks
                // than that keeps its first four.
                Ncurses.put(
                    Array(cell.text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }) + [0], y: y, x: x,
                    attributes: attributes(cell.style), pair: pair(cell.style))
            }
        }
        shown = grid
        Ncurses.refresh()
    }

    public func nextEvents(timeout: Duration?) -> [InputEvent] {
        let descriptors: [PollEvents]
        do {
            descriptors = try Syscall.poll(
                [FileDescriptor(rawValue: device.input), wakePipe.readEnd, signalPipe.readEnd],
                timeoutMilliseconds: timeout.map(Self.milliseconds) ?? -1)
        } catch {
            // A poll that cannot wait cannot read either: the terminal is gone, as a hangup says.
            return [.signal(.hangup)]
        }
        if !descriptors[1].isEmpty { _ = wakePipe.drain() }
        var events: [InputEvent] = []
        // A paste of a megabyte is many keys: they are taken a batch at a time, so that signals and a closed terminal
        // are noticed, and the screen drawn, between batches rather than after the whole paste.
        while events.count < Self.batchSize, let (isKey, value) = Ncurses.read() {
            if let event = isKey ? keyEvent(Int32(value)) : characterEvent(value) { events.append(event) }
        }
        // A terminal that went away without a SIGHUP to this group (it was in the background while a text editor
        // had the terminal) is a hangup all the same; polling it again would spin.
        if !descriptors[0].isDisjoint(with: [.hangUp, .error, .invalid]) { events.append(.signal(.hangup)) }
        // After the keys read with them: a key typed before a signal is answered first (Esc to a question, then
        // the signal that asks again).
        if !descriptors[2].isEmpty {
            let signals = signalPipe.drain().map { Signal(rawValue: CInt($0)) }
            // A burst of resizes is one: the size is read once, as the terminal has it now.
            if signals.contains(.windowChanged), let resize = followTerminalSize() { events.append(resize) }
            events += signals.compactMap(Self.signalEvent)
        }
        return events
    }

    /// The most keys one call of ``nextEvents(timeout:)`` takes.
    static let batchSize = 4096

    private static func signalEvent(_ signal: Signal) -> InputEvent? {
        switch signal {
        case .interrupt: .signal(.interrupt)
        case .terminate: .signal(.terminate)
        case .hangUp: .signal(.hangup)
        default: nil  // SIGWINCH: read above, once for the burst
        }
    }

    private static func milliseconds(_ duration: Duration) -> CInt {
        let (seconds, attoseconds) = duration.components
        return CInt(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
    }

    private func keyEvent(_ code: Int32) -> InputEvent? {
        let event: InputEvent?
        switch code {
        case KEY_UP: event = .key(.up)
        case KEY_DOWN: event = .key(.down)
        case KEY_LEFT: event = .key(.left)
        case KEY_RIGHT: event = .key(.right)
        case KEY_PPAGE: event = .key(.pageUp)
        case KEY_NPAGE: event = .key(.pageDown)
        case KEY_HOME: event = .key(.home)
        case KEY_END: event = .key(.end)
        case KEY_ENTER: event = .key(.enter)
        case KEY_BACKSPACE: event = .key(.backspace)
        case KEY_DC: event = .key(.delete)
        case KEY_RESIZE:
            // ncurses's own resize (from resizeterm): the next frame is drawn whole at the new size.
            repaint()
            event = .resize(width: Ncurses.size.width, height: Ncurses.size.height)
        case KEY_MOUSE:
            guard let mouse = Ncurses.mouse() else { return nil }
            if cncurses_mouse_is_click(mouse.bstate) != 0 { return .click(x: Int(mouse.x), y: Int(mouse.y)) }
            let wheel = cncurses_mouse_wheel(mouse.bstate)
            event = wheel == 0 ? nil : .wheel(Int(wheel))
        default: event = nil
        }
        return event
    }

    private func characterEvent(_ value: UInt32) -> InputEvent? {
        switch value {
        case 27: return .key(.escape)
        case 10, 13: return .key(.enter)
        case 9: return .key(.tab)
        case 8, 127: return .key(.backspace)
        case 1...26: return Unicode.Scalar(value + 96).map { .control(Character($0)) }
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    private func attributes(_ style: TextStyle) -> attr_t {
        var attributes: attr_t = 0
        if style.bold { attributes |= cncurses_attr_bold() }
        if style.dim { attributes |= cncurses_attr_dim() }
        if style.reverse { attributes |= cncurses_attr_reverse() }
        if style.underline { attributes |= cncurses_attr_underline() }
        return attributes
    }

    /// Pairs 1…81 hold every foreground and background, the terminal's default included.
    private func pair(_ style: TextStyle) -> Int16 {
        guard usesColor, style.foreground != nil || style.background != nil else { return 0 }
        let foreground: Int = style.foreground?.rawValue ?? 8
        let background: Int = style.background?.rawValue ?? 8
        return Int16(1 + foreground * 9 + background)
    }

    private static func initPairs() {
        for foreground in 0...8 {
            for background in 0...8 {
                Ncurses.initPair(
                    Int16(1 + foreground * 9 + background), foreground: foreground == 8 ? -1 : Int16(foreground),
                    background: background == 8 ? -1 : Int16(background))
            }
        }
    }

    /// Uses the environment's locale, or C.UTF-8 when none is set (the only one some images have).
    ///
    /// - Returns: Whether the locale's character set is UTF-8.
    private static func setLocale() -> Bool {
        Terminal.useEnvironmentLocale()
    }
}

/// Wakes the backend's poll by writing a byte to its pipe; safe from any thread, and keeps the pipe open.
private struct PipeWaker: EditorWaker {
    let pipe: NonblockingPipe

    func wake() {
        pipe.send(1)
    }
}
