import Configuration
import PrefsKit

/// What the provider and its snapshots share: how a configuration key becomes a stored value, which values are
/// secret, and which names a renamed key had.
struct ConfigLookup: Sendable {
    let schema: PreferenceSchema?
    let secrets: SecretsSpecifier<String, ConfigContent>

    /// The stored keys whose changes can change what `key` reads: every run a lookup may read, and the former names
    /// the schema gives for the key.
    func observedKeys(for key: AbsoluteConfigKey) -> Set<String> {
        let name = key.components.joined(separator: ".")
        return Set(StoredKeyPath.candidates(for: key.components) + (schema?[name]?.formerIDs ?? []))
    }

    /// Looks up a key in stored values.
    ///
    /// - Parameters:
    ///   - key: The configuration key.
    ///   - type: The type asked for.
    ///   - read: Reads one stored key.
    /// - Returns: The value, or a result with no value when nothing is stored there.
    /// - Throws: ``PrefsProviderError`` when a value is stored there in a type that does not convert.
    func result(
        for key: AbsoluteConfigKey, type: ConfigType, read: (String) -> PropertyListValue?
    ) throws(PrefsProviderError) -> LookupResult {
        let name = key.components.joined(separator: ".")
        let entry = schema?[name]
        var stored = StoredKeyPath.value(at: key.components[...], lookup: read)
        if stored == nil, let entry {
            // A key renamed in the schema still reads what its users set under the old name.
            stored = entry.formerIDs.lazy.compactMap(read).first
        }
        guard let stored else { return LookupResult(encodedKey: name, value: nil) }
        guard let content = ConfigContent(stored, as: type) else {
            throw PrefsProviderError(key: name, requested: type, found: stored.kind)
        }
        let isSecret = entry?.isSecret == true || secrets.isSecret(key: name, value: content)
        return LookupResult(encodedKey: name, value: ConfigValue(content, isSecret: isSecret))
    }

    /// What a watcher compares to decide whether its typed result changed: errors compare by what they say.
    enum Outcome: Equatable {
        case found(LookupResult)
        case failed(PrefsProviderError)

        var result: Result<LookupResult, any Error> {
            switch self {
            case .found(let result): .success(result)
            case .failed(let error): .failure(error)
            }
        }
    }

    /// Looks up a key as ``result(for:type:read:)`` does, keeping a failure as a value.
    func outcome(for key: AbsoluteConfigKey, type: ConfigType, read: (String) -> PropertyListValue?) -> Outcome {
        do {
            return .found(try result(for: key, type: type, read: read))
        } catch {
            return .failed(error)
        }
    }
}
