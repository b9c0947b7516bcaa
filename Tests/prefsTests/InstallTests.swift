import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import PrefsTools
import Testing

/// The release build `scripts/install` installs from, and whether the install tests run.
enum ReleaseBuild {
    static let folder = ProjectFile.root.appendingPathComponent(".build-release")

    static var usable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PREFS_REQUIRE_INSTALL"] != nil || environment["CI"] != nil
            || FileManager.default.fileExists(atPath: folder.appendingPathComponent("release/prefs").path)
    }
}

/// `scripts/install` and `scripts/uninstall` as a user runs them: into a fresh PREFIX, then `prefs`, its manual and its
/// bash completion used from there, as `man` and bash-completion find them.
///
/// The install builds the static release into `.build-release`, which CI has built already (its release checks). Out
/// of CI the tests run once that build exists, so that `swift test` alone does not spend minutes on a release build.
@Suite(
    // Most of a minute each: started first, so that they do not end the run late.
    .threadOfItsOwnStartingFirst,
    .enabled(if: ReleaseBuild.usable, "set PREFS_REQUIRE_INSTALL=1, or run scripts/build-release .build-release prefs"))
struct InstallTests {
    static let build = ReleaseBuild.folder

    private static func script(_ name: String, _ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(
            ProjectFile.root.appendingPathComponent("scripts/\(name)").path, arguments,
            environment: ["PREFS_BUILD_PATH": build.path])
    }

    private static let installed = [
        "bin/prefs", "share/man/man1/prefs.1", "share/bash-completion/completions/prefs",
        "share/zsh/site-functions/_prefs", "share/fish/vendor_completions.d/prefs.fish",
    ]

    /// The README's install block, run line by line as written, from the package's folder, for a user whose home is
    /// a fresh folder: the default PREFIX is its `.local`.
    @Test func theReadmesInstallAndUninstallLinesWorkAsWritten() throws {
        let readme = try ProjectFile.text("README.md")
        let section = try #require(readme.components(separatedBy: "## Install\n").dropFirst().first)
        let block = try #require(ProjectFile.fences(in: section).first).body
        let lines = block.split(separator: "\n").map {
            $0.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(lines == ["scripts/install", "scripts/uninstall"])
        let home = try TemporaryDirectory()
        let prefix = home.url.appendingPathComponent(".local")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let environment = [
            "HOME": home.path, "PATH": prefix.appendingPathComponent("bin").path + ":" + path,
            "XDG_DATA_HOME": "", "XDG_DATA_DIRS": "",
        ]
        let install = try ChildProcess.run(
            "/bin/bash", ["-c", "cd '\(ProjectFile.root.path)' && \(lines[0])"], environment: environment)
        try #require(install.status == 0, "\(install.standardError)")
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(
            try ChildProcess.run("/bin/bash", ["-c", "prefs --version"], environment: environment).standardOutput
                == PrefsVersion.current + "\n")

        // The manual as `man` shows it, every groff warning on: none, and nothing the generator dropped.
        let manual = try ChildProcess.run(
            "/usr/bin/man", ["-l", prefix.appendingPathComponent("share/man/man1/prefs.1").path],
            environment: ["MANROFFOPT": "-ww", "MANPAGER": "cat", "MANWIDTH": "1000", "LC_ALL": "C.UTF-8"])
        #expect(manual.status == 0)
        #expect(manual.standardError == "", "groff: \(manual.standardError)")
        let page = manual.standardOutput
        #expect(page.contains(#"{"code": "no-suite", "message": "...", "status": 1}"#), "\(page.prefix(2000))")
        #expect(page.contains("--array-add appends the values to an array key"))
        #expect(!page.contains(": ,"), "a value the generator dropped")

        // bash-completion finds the script where install put it, as it finds any package's, and completes.
        let program = """
            source /usr/share/bash-completion/bash_completion
            __load_completion prefs || exit 3
            function=$(complete -p prefs | sed -E 's/.*-F ([^ ]+).*/\\1/')
            COMP_WORDS=(prefs rea); COMP_CWORD=1; COMP_LINE="prefs rea"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            "$function" prefs rea prefs
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let completion = try ChildProcess.run("/bin/bash", ["-c", program], environment: environment)
        #expect(completion.status == 0, "\(completion.standardError)")
        #expect(completion.standardOutput.split(separator: "\n") == ["read", "read-type"], "\(completion)")

        let uninstall = try ChildProcess.run(
            "/bin/bash", ["-c", "cd '\(ProjectFile.root.path)' && \(lines[1])"], environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        for file in Self.installed + ["share/prefs"] {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
    }

    @Test func aFileChangedSinceIsKeptAndAnInstallMayReplaceItsOwn() throws {
        let folder = try TemporaryDirectory()
        let prefix = folder.url.appendingPathComponent("prefix")
        let first = try Self.script("install", [prefix.path])
        try #require(first.status == 0, "\(first.standardError)")
        // Again over itself: what an earlier install left may be replaced.
        #expect(try Self.script("install", [prefix.path]).status == 0)
        let fish = prefix.appendingPathComponent("share/fish/vendor_completions.d/prefs.fish")
        let handle = try FileHandle(forWritingTo: fish)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("# mine\n".utf8))
        try handle.close()
        let again = try Self.script("install", [prefix.path])
        #expect(again.status == 1)
        #expect(again.standardError.hasPrefix("install: \(fish.path) exists and is not the one"))
        let uninstall = try Self.script("uninstall", [prefix.path])
        #expect(uninstall.status == 1)
        #expect(uninstall.standardError == "uninstall: kept \(fish.path), which changed since it was installed\n")
        for file in Self.installed.dropLast() {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(FileManager.default.fileExists(atPath: fish.path))
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/prefs").path))
    }

    /// `--from DIR` installs programs built already, without building, once each is the shipped kind; a debug build,
    /// an unstripped one or a script is refused by name, and nothing is installed.
    @Test func fromInstallsAShippedBuildAndRefusesAnyOther() throws {
        // The release build the other tests install from, made once (CI has made it already).
        let built = try Self.script("install", [try TemporaryDirectory().url.appendingPathComponent("p").path])
        try #require(built.status == 0, "\(built.standardError)")
        let release = Self.build.appendingPathComponent("release")
        let folder = try TemporaryDirectory()
        let prefix = folder.url.appendingPathComponent("prefix")
        let install = try Self.script(
            "install", ["--from", release.appendingPathComponent("shipped").path, prefix.path])
        try #require(install.status == 0, "\(install.standardError)")
        #expect(!install.standardError.contains("Compiling"), "nothing was built")
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        #expect(
            try ChildProcess.run(prefix.appendingPathComponent("bin/prefs").path, ["--version"]).standardOutput
                == PrefsVersion.current + "\n")

        let script = folder.url.appendingPathComponent("scripted")
        try FileManager.default.createDirectory(at: script, withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho \(PrefsVersion.current)\n".utf8).write(to: script.appendingPathComponent("prefs"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: script.appendingPathComponent("prefs").path)
        let refusals = [
            (release, "is not stripped"), (script, "is not an ELF program"),
            (folder.url.appendingPathComponent("nowhere"), "is not an executable file"),
        ]
        for (source, reason) in refusals {
            let other = folder.url.appendingPathComponent("other-\(reason.count)")
            let refused = try Self.script("install", ["--from", source.path, other.path])
            #expect(refused.status == 1, "\(source.path)")
            #expect(
                refused.standardError
                    == "install: \(source.path)/prefs \(reason); nothing was installed (build it with scripts/build-release)\n"
            )
            #expect(!FileManager.default.fileExists(atPath: other.path), "nothing was installed")
        }
    }

    @Test func aFileInstallDidNotLeaveIsNeverReplaced() throws {
        let folder = try TemporaryDirectory()
        let prefix = folder.url.appendingPathComponent("prefix")
        let own = prefix.appendingPathComponent("bin/prefs")
        try FileManager.default.createDirectory(
            at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho another prefs\n".utf8).write(to: own)
        let install = try Self.script("install", [prefix.path])
        #expect(install.status == 1)
        #expect(
            install.standardError
                == "install: \(own.path) exists and is not the one an earlier install left; nothing was installed\n")
        #expect(try Data(contentsOf: own) == Data("#!/bin/sh\necho another prefs\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share").path))
        let uninstall = try Self.script("uninstall", [prefix.path])
        #expect(uninstall.status == 1)
        #expect(uninstall.standardError.hasPrefix("uninstall: no prefs installed under \(prefix.path)"))
        #expect(FileManager.default.fileExists(atPath: own.path))
    }
}
