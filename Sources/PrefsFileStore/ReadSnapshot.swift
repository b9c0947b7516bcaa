import PrefsCore
import PrefsStoreKit
import Synchronization

/// A suite's image as a thread keeps it between reads (``FileSuite/primitiveValue(forKey:)``).
///
/// Immutable: it holds the image's values, shared with the suite's state until either changes, and no more of the
/// image, so that a read copies nothing. A thread holds at most one snapshot, of the suite it last read, until it
/// reads another or ends; so a suite changed since keeps its old values in memory that long.
final class ReadSnapshot: @unchecked Sendable {
    private let values: [String: PropertyListValue]
    private let exactValues: [ExactKey: PropertyListValue]?
    /// The state's ``FileSuite/State/generation`` when the snapshot was made.
    let generation: UInt64

    init(image: SuiteImage, generation: UInt64) {
        values = image.values
        exactValues = image.exactValues
        self.generation = generation
    }

    /// The value stored under exactly this key (``SuiteImage/value(forKey:)``).
    func value(forKey key: String) -> PropertyListValue? {
        SuiteImage.value(forKey: key, in: values, exactValues: exactValues)
    }

    private static let generations = Atomic<UInt64>(0)

    /// A number no image of any suite in this process has had: a thread's snapshot of a suite since freed cannot
    /// match a new suite that took its address.
    static func nextGeneration() -> UInt64 {
        generations.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Releases the snapshot a thread kept, when the thread ends.
    static let releaseKept: @convention(c) (UnsafeMutableRawPointer?) -> Void = { kept in
        guard let kept else { return }
        Unmanaged<ReadSnapshot>.fromOpaque(kept).release()
    }
}
