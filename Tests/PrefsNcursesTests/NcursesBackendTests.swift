import CTestSupport
import Foundation
import PrefsNcurses
import PrefsTUI
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The ncurses backend on a real pseudo-terminal.
///
/// What it draws reaches the terminal, what the terminal sends comes back as events, and a start that fails leaves
/// nothing open. One at a time: ncurses holds one screen a process.
@Suite(.serialized) struct NcursesBackendTests {
    /// A pseudo-terminal: the controlling side a test reads and types on, and the device the backend opens.
    final class PseudoTerminal {
        let controller: CInt
        let device: CInt

        init() throws {
            var controller: CInt = -1
            var device: CInt = -1
            guard cts_open_pseudo_terminal(&controller, &device) == 0 else { throw POSIXError(.ENXIO) }
            self.controller = controller
            self.device = device
            _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(device)
            close(controller)
        }

        /// Types bytes as a person at the terminal would.
        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count - 1) }
        }

        /// Everything the terminal received so far.
        func received() -> String {
            var data: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while case let count = read(controller, &buffer, buffer.count), count > 0 { data += buffer[..<count] }
            return String(decoding: data, as: UTF8.self)
        }
    }

    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    @Test func anUnknownTerminalIsAnErrorAndLeavesNothingOpen() throws {
        let terminal = try PseudoTerminal()
        let before = Self.openDescriptors()
        for _ in 0..<200 {
            #expect(throws: NcursesError.self) {
                _ = try NcursesBackend(device: .init(input: terminal.device, output: terminal.device, type: "no-such"))
            }
        }
        // Each start opens two pipes and two streams: 1,200 descriptors would stay if any leaked. The margin is for the
        // tests running beside this one, whose processes' pipes are in the count too.
        #expect(Self.openDescriptors() - before < 150)
    }

    @Test func drawsCellsAndReadsKeysAndWakes() throws {
        let terminal = try PseudoTerminal()
        let backend = try NcursesBackend(
            noColor: true, device: .init(input: terminal.device, output: terminal.device, type: "xterm-256color"))
        defer { backend.close() }
        var grid = CellGrid(width: 40, height: 3)
        grid.draw("hello prefs 漢字", x: 2, y: 1)
        backend.present(grid)
        var screen = ""
        for _ in 0..<100 where !screen.contains("hello prefs") {
            screen += terminal.received()
            usleep(10_000)
        }
        #expect(screen.contains("hello prefs"), "\(screen.debugDescription)")
        #expect(screen.contains("漢字"))

        terminal.type("j")
        #expect(backend.nextEvents(timeout: .seconds(5)) == [.character("j")])
        terminal.type("\u{1B}OA")
        #expect(backend.nextEvents(timeout: .seconds(5)) == [.key(.up)])
        terminal.type("\u{12}")
        #expect(backend.nextEvents(timeout: .seconds(5)) == [.control("r")])

        // Another thread's wake ends a wait that has no timeout.
        let waker = backend.waker
        Thread.detachNewThread {
            usleep(50_000)
            waker.wake()
        }
        #expect(backend.nextEvents(timeout: nil).isEmpty)
    }
}
