import CNcurses
import PrefsSystem
import SystemPackage

/// One thin function per ncurses call the backend makes, as swift-system wraps its system calls; each turns `ERR`
/// into a thrown ``NcursesError`` naming the call.
enum Ncurses {
    static func check(_ result: CInt, _ call: String) throws(NcursesError) {
        if result == cncurses_err() { throw NcursesError(call: call) }
    }

    /// Loads ncursesw the first time a terminal is opened, not when the program starts: the dynamic loader's work on
    /// it and libtinfo would otherwise be part of every `prefs` command.
    ///
    /// The corresponding C function is `dlopen`, through the shim's `cncurses_load`.
    ///
    /// - Throws: ``NcursesError`` with the dynamic loader's reason when ncursesw is not installed.
    static func load() throws(NcursesError) {
        if let problem = loadProblem { throw NcursesError(call: "loading ncursesw", reason: problem) }
    }

    /// `nil` once loaded, else why not; a `static let`, so that the first caller loads while others wait.
    private static let loadProblem: LoadFailure? = {
        var message = [CChar](repeating: 0, count: 512)
        let result = message.withUnsafeMutableBufferPointer { cncurses_load($0.baseAddress, $0.count) }
        guard result != 0 else { return nil }
        return LoadFailure(
            description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()

    /// Why the dynamic loader could not load ncursesw.
    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Unblocks the signals the editor must see: a parent can start it with them blocked (libdispatch's worker
    /// threads block them, and a blocked mask is inherited across `exec`), and then neither Ctrl-C nor a resize would
    /// reach it.
    ///
    /// The corresponding C function is `pthread_sigmask`.
    static func unblockSignals() {
        Signals.unblock([.interrupt, .terminate, .hangUp, .windowChanged, .terminalStop, .continue])
    }

    /// The signals the editor reads as input (``forwardSignals(to:)``).
    static let forwardedSignals: [Signal] = [.interrupt, .terminate, .hangUp, .windowChanged]

    /// Makes SIGINT, SIGTERM, SIGHUP and SIGWINCH write their numbers to a pipe instead of ending the process or
    /// setting ncurses's flag; installed before `newterm`, which then leaves them to this program.
    ///
    /// SIGWINCH is taken from ncurses because its own handler only sets a flag that `get_wch` reads: the poll that
    /// waits for keys would sleep through a resize until the next key. Through the pipe, a resize wakes the poll.
    ///
    /// The corresponding C function is `sigaction`, through the shim's `cprefs_forward_signals`.
    static func forwardSignals(to descriptor: FileDescriptor) throws(NcursesError) {
        do {
            try Signals.forward(forwardedSignals, to: descriptor)
        } catch {
            throw NcursesError(call: "sigaction")
        }
    }

    /// Gives the forwarded signals their default action again, once the terminal is given back.
    ///
    /// The corresponding C function is `sigaction`, through the shim's `cprefs_default_signals`.
    static func restoreSignals() {
        Signals.restoreDefaults(forwardedSignals)
    }

    /// A terminal ncurses draws on, opened by ``openTerminal(type:output:input:)``.
    struct Terminal {
        let screen: OpaquePointer
        let output: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>
    }

    /// The corresponding C function is `newterm`, on copies of two descriptors.
    ///
    /// - Parameters:
    ///   - type: The terminal type; `TERM`'s when `nil`.
    ///   - output: Where to draw.
    ///   - input: Where keys come from.
    /// - Returns: The terminal, drawn on until ``closeTerminal(_:)``.
    /// - Throws: ``NcursesError`` when ncursesw cannot be loaded, for an unknown terminal type, or for descriptors that
    ///   cannot be used; nothing stays open.
    static func openTerminal(type: String?, output: CInt, input: CInt) throws(NcursesError) -> Terminal {
        try load()
        var screen: OpaquePointer?
        var out: UnsafeMutablePointer<FILE>?
        var into: UnsafeMutablePointer<FILE>?
        let result = cncurses_open_terminal(type, output, input, &screen, &out, &into)
        guard result == 0, let screen, let out, let into else { throw NcursesError(call: "newterm") }
        return Terminal(screen: screen, output: out, input: into)
    }

    /// The corresponding C functions are `delscreen` and `fclose`, after ``endwin()``.
    static func closeTerminal(_ terminal: Terminal) {
        cncurses_close_terminal(terminal.screen, terminal.output, terminal.input)
    }

    /// The corresponding C function is `endwin`.
    static func endwin() { _ = cncurses_endwin() }

    /// The corresponding C functions are `cbreak`, `noecho`, `nonl`, `keypad` and `nodelay` on `stdscr`.
    static func configureInput() throws(NcursesError) {
        try check(cncurses_cbreak(), "cbreak")
        try check(cncurses_noecho(), "noecho")
        try check(cncurses_nonl(), "nonl")
        try check(cncurses_keypad(cncurses_stdscr(), true), "keypad")
        try check(cncurses_nodelay(cncurses_stdscr(), true), "nodelay")
    }

    /// The corresponding C function is `set_escdelay`: Esc is a key of its own after this many milliseconds.
    static func setEscapeDelay(_ milliseconds: CInt) { _ = cncurses_set_escdelay(milliseconds) }

    /// The corresponding C function is `curs_set`.
    static func hideCursor() { _ = cncurses_curs_set(0) }

    /// The corresponding C functions are `has_colors`, `start_color` and `use_default_colors`.
    static func startColor() -> Bool {
        guard cncurses_has_colors() else { return false }
        return cncurses_start_color() != cncurses_err() && cncurses_use_default_colors() != cncurses_err()
    }

    /// The corresponding C function is `init_pair`.
    static func initPair(_ pair: Int16, foreground: Int16, background: Int16) {
        _ = cncurses_init_pair(pair, foreground, background)
    }

    /// The corresponding C function is `mousemask`, for clicks and the wheel.
    static func enableMouse() {
        _ = cncurses_mousemask(cncurses_mouse_mask(), nil)
    }

    /// The corresponding C function is `getmouse`.
    static func mouse() -> MEVENT? {
        var event = MEVENT()
        return cncurses_getmouse(&event) == cncurses_err() ? nil : event
    }

    /// The corresponding C functions are `setcchar` and `mvadd_wch`.
    static func put(_ text: [wchar_t], y: Int, x: Int, attributes: attr_t, pair: Int16) {
        _ = text.withUnsafeBufferPointer { cncurses_put(CInt(y), CInt(x), $0.baseAddress, attributes, pair) }
    }

    /// The corresponding C function is `refresh` (`wrefresh` on `stdscr`).
    static func refresh() { _ = cncurses_wrefresh(cncurses_stdscr()) }

    /// The corresponding C function is `get_wch`, without waiting.
    static func read() -> (isKey: Bool, value: UInt32)? {
        var value: UInt32 = 0
        let result = cncurses_get(&value)
        if result == cncurses_err() { return nil }
        return (result == cncurses_key_code_yes(), value)
    }

    /// Tells ncurses the terminal's new size, as its own SIGWINCH handling would.
    ///
    /// The corresponding C function is `resizeterm`.
    static func resize(width: Int, height: Int) {
        _ = cncurses_resizeterm(CInt(clamping: height), CInt(clamping: width))
    }

    /// Makes the next refresh clear the terminal and draw every cell: what the terminal shows is unknown (it was
    /// resized and may have reflowed the old frame, or something else drew on it).
    ///
    /// The corresponding C function is `clearok` on `curscr`.
    static func forgetScreen() { _ = cncurses_clearok(cncurses_curscr(), true) }

    /// The terminal's size, from ncurses's `COLS` and `LINES`.
    static var size: (width: Int, height: Int) { (Int(cncurses_cols()), Int(cncurses_lines())) }
}

/// An ncurses or system call that failed while the terminal was set up.
public struct NcursesError: Error, CustomStringConvertible {
    /// The call that failed.
    public let call: String
    /// The system's reason, when it gave one.
    public let reason: (any Error & Sendable)?

    /// Creates the error of a failed call.
    public init(call: String, reason: (any Error & Sendable)? = nil) {
        self.call = call
        self.reason = reason
    }

    public var description: String {
        if let reason { return "the terminal could not be set up (\(call) failed: \(reason))" }
        return "the terminal could not be set up (\(call) failed); is TERM set to a known terminal?"
    }
}
