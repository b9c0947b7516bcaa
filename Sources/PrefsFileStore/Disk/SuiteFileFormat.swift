/// The format a suite file is kept in.
///
/// A suite keeps the format it has: a binary file written by macOS or another program stays binary, an XML file
/// stays XML. New suites are XML, as Foundation's `UserDefaults` writes them on Linux, unless the store says otherwise
/// (``FileStore/newSuiteFormat``); a write may ask for another format
/// (``FileSuite/commit(_:recoveringCorruptFile:expecting:format:)``), which converts the whole file.
public enum SuiteFileFormat: String, Sendable, CaseIterable {
    /// An XML property list: readable and editable as text, dates to the whole second, and no control character but
    /// tab, newline and carriage return.
    case xml
    /// A binary property list (`bplist00`): every value exact, dates to their full precision.
    case binary

    /// The format for people: "XML property list" or "binary property list".
    public var description: String {
        switch self {
        case .xml: "XML property list"
        case .binary: "binary property list"
        }
    }
}
