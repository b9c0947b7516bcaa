import Foundation
import PrefsTUI
import PrefsTestHelpers
import Testing

/// The editor follows the terminal's size: after any sequence of sizes, the frame is the one a fresh start at the last
/// size draws, and Ctrl-L asks the terminal to be drawn whole.
@Suite(.needs(.tmux), .threadOfItsOwn) struct EditorResizeTests {
    /// The sizes a person reaches by dragging a window: shrinking past the smallest useful size, and back.
    static let sequences: [[(Int, Int)]] = [
        [(70, 15)],
        [(40, 10), (20, 5), (40, 10)],
        [(120, 32), (1, 1), (3, 2), (200, 60), (44, 12)],
        (0..<40).map { (30 + $0, 8 + $0 % 10) } + [(90, 20)],
    ]

    @Test(arguments: sequences.indices)
    func anySequenceOfSizesEndsOnTheFrameAFreshStartDraws(_ index: Int) throws {
        let fixture = try EditorFixture(width: 120, height: 32)
        fixture.type(.key(.enter), .key(.down), .key(.down))
        for (width, height) in Self.sequences[index] {
            fixture.backend.resize(width: width, height: height)
            fixture.type(.resize(width: width, height: height))
        }
        let resized = fixture.screen
        let selected = fixture.editor.model.selectedIndex
        fixture.restart()
        fixture.type(.key(.enter), .key(.down), .key(.down))
        #expect(fixture.editor.model.selectedIndex == selected)
        #expect(resized == fixture.screen)
    }

    @Test func controlLRepaintsWhateverIsOpen() throws {
        let fixture = try EditorFixture(suite: "com.example.app")
        fixture.type(.control("l"))
        #expect(fixture.backend.repaints == 1)
        fixture.type(.character("/"), .control("l"))
        #expect(fixture.backend.repaints == 2, "Ctrl-L repaints while the filter is being typed, too")
        #expect(fixture.editor.model.filter.isEditing, "and leaves the filter open")
    }
}

/// The same in a real terminal, where ncurses must learn the size from SIGWINCH and the terminal keeps what it drew.
@Suite(.needs(.tmux), .threadOfItsOwn, .serialized) struct EditorTerminalResizeTests {
    private static func start(_ cli: PrefsCLI, width: Int, height: Int) throws -> TmuxSession {
        try TmuxSession(running: "prefs", "", in: cli, width: width, height: height)
    }

    /// A fresh editor's first whole frame at a size: the same in two captures in a row, so that a frame caught while
    /// ncurses was still drawing it (under load) is not taken for the editor's.
    private static func freshFrame(_ cli: PrefsCLI, width: Int, height: Int) throws -> String {
        let fresh = try start(cli, width: width, height: height)
        defer { fresh.close() }
        var frame = ""
        _ = try fresh.waitFor { screen in
            defer { frame = screen }
            return screen.contains("1/5") && screen == frame
        }
        return frame
    }

    @Test func resizesAreFollowedAtOnceWholeAndCtrlLRepaints() throws {
        let cli = try PrefsCLI()
        for suite in ["app1", "app2", "app3", "app10", "app11"] { try cli.run("write", suite, "key", "value") }
        let terminal = try Self.start(cli, width: 120, height: 32)
        defer { terminal.close() }
        #expect(try terminal.waitFor { $0.contains("1/5") })

        // One resize, without a key: the frame follows, as vim's does.
        try terminal.resize(width: 70, height: 15)
        let at70 = try Self.freshFrame(cli, width: 70, height: 15)
        #expect(try terminal.waitFor { $0 == at70 }, "after one resize")

        // A burst, then shrinking below a usable size and growing back: no stale cell survives.
        for step in 0..<40 { try terminal.resize(width: 30 + step, height: 8 + step % 10) }
        try terminal.resize(width: 40, height: 10)
        try terminal.resize(width: 20, height: 5)
        try terminal.resize(width: 40, height: 10)
        let at40 = try Self.freshFrame(cli, width: 40, height: 10)
        #expect(try terminal.waitFor { $0 == at40 }, "after a burst and 40×10 → 20×5 → 40×10")

        // Another program draws on the terminal; Ctrl-L draws the editor whole again.
        let tty = try TmuxSession.tmux(["-L", terminal.socket, "display-message", "-p", "#{pane_tty}"]).output
        let device = try #require(FileHandle(forWritingAtPath: tty.trimmingCharacters(in: .whitespacesAndNewlines)))
        device.write(Data("\u{1B}[2;1HGARBAGE GARBAGE GARBAGE".utf8))
        try device.close()
        #expect(try terminal.waitFor { $0.contains("GARBAGE") })
        try terminal.send("C-l")
        #expect(try terminal.waitFor { $0 == at40 }, "after Ctrl-L")
    }
}
