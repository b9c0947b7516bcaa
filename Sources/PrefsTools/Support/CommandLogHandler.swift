import Logging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the library's diagnostics read on a command's standard error: an error or warning as one line a person reads,
/// `prefs: <message>`, as the command's own errors are; anything below, which `PREFS_LOG_LEVEL` asks for, with its
/// level, label and metadata, as swift-log's stream handler writes it.
struct CommandLogHandler: LogHandler {
    private var stream: StreamLogHandler

    init(label: String, level: Logger.Level) {
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = level
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: key] }
        set { stream[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.level >= .warning else { return stream.log(event: event) }
        Output.error("\(event.level == .warning ? "warning: " : "")\(event.message)")
    }
}
