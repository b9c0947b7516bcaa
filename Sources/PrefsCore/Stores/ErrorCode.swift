/// A stable, machine-readable name for a kind of failure, such as `no-suite` or `invalid-value`.
///
/// Programs that run `prefs --json` branch on the code rather than on the message, which may be reworded. Codes are
/// kebab-case and are only ever added, never renamed.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Creates a code.
    ///
    /// - Parameter rawValue: The code, in kebab-case.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The command line itself is wrong: an unknown option, a missing argument (exit status 64).
    public static let usage = ErrorCode(rawValue: "usage")
    /// A value does not parse as its type, or falls outside its range or choices.
    public static let invalidValue = ErrorCode(rawValue: "invalid-value")
    /// A key the suite's schema does not declare, written without `--force`.
    public static let notInSchema = ErrorCode(rawValue: "not-in-schema")
    /// A command that needs a schema found none installed.
    public static let noSchema = ErrorCode(rawValue: "no-schema")
    /// A schema manifest that does not load.
    public static let invalidSchema = ErrorCode(rawValue: "invalid-schema")
    /// The suite named does not exist.
    public static let noSuite = ErrorCode(rawValue: "no-suite")
    /// The key named is not set, or not known.
    public static let noKey = ErrorCode(rawValue: "no-key")
    /// The suite's name cannot name a suite.
    public static let invalidSuiteName = ErrorCode(rawValue: "invalid-suite-name")
    /// Another writer changed the key between this command's read and its write; nothing was written.
    public static let changedSince = ErrorCode(rawValue: "changed-since")
    /// There is nothing to undo or redo, or history does not allow it.
    public static let nothingToUndo = ErrorCode(rawValue: "nothing-to-undo")
    /// A suite's file does not decode; it is left untouched until recovered.
    public static let corrupt = ErrorCode(rawValue: "corrupt")
    /// A file, directory or database could not be read or written.
    public static let io = ErrorCode(rawValue: "io")
    /// Another process held the suite's lock for too long; a retry may succeed.
    public static let locked = ErrorCode(rawValue: "locked")
    /// A system administrator locked the key (a `.locks` file, a dconf lock); no retry will succeed.
    ///
    /// Not `locked`, which already names a busy suite, so that scripts can tell waiting from giving up.
    public static let lockedKey = ErrorCode(rawValue: "locked-key")
    /// A file this tool did not create, or one another user owns, which it will not write through.
    public static let unsafe = ErrorCode(rawValue: "unsafe")
    /// An input file (import, load, a manifest) that is not what the command reads.
    public static let invalidDocument = ErrorCode(rawValue: "invalid-document")
    /// A write that would make a suite larger than readers accept.
    public static let tooLarge = ErrorCode(rawValue: "too-large")
    /// The store could not be reached.
    public static let unreachable = ErrorCode(rawValue: "unreachable")
    /// The command would do something it does only when asked explicitly (`--force`, a terminal to confirm on).
    public static let refused = ErrorCode(rawValue: "refused")
    /// Anything else.
    public static let failed = ErrorCode(rawValue: "failed")

    /// Every code, for documentation and tests.
    public static let all: [ErrorCode] = [
        .usage, .invalidValue, .notInSchema, .noSchema, .invalidSchema, .noSuite, .noKey, .invalidSuiteName,
        .changedSince, .nothingToUndo, .corrupt, .io, .locked, .unsafe, .invalidDocument, .tooLarge, .unreachable,
        .refused, .failed, .lockedKey,
    ]
}

/// An error that names its kind with an ``ErrorCode``, for tools that report errors as data.
public protocol CodedError: Error {
    /// The kind of failure.
    var code: ErrorCode { get }
}

extension ErrorCode {
    /// The code of any error: its own when it is a ``CodedError``, else ``failed``.
    ///
    /// - Parameter error: The error.
    public init(of error: any Error) {
        self = (error as? any CodedError)?.code ?? .failed
    }
}
