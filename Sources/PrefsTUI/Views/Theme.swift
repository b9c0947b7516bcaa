import PrefsCore

/// The styles the views draw with: the built-in ones, with a user's theme file (``ThemeFile``) over them, and
/// without colours where colours are not wanted.
struct Theme {
    private let styles: [ThemeFile.Role: TextStyle]

    var title: TextStyle { style(.title) }
    var selected: TextStyle { style(.selected) }
    var highlighted: TextStyle { style(.highlighted) }
    var dim: TextStyle { style(.dim) }
    var error: TextStyle { style(.error) }
    var status: TextStyle { style(.status) }
    var label: TextStyle { style(.label) }

    /// The built-in styles: the frame in colour, values plain, states dim but an invalid one.
    private static let builtIn: [ThemeFile.Role: TextStyle] = [
        .title: TextStyle(foreground: .white, background: .blue, bold: true), .selected: TextStyle(reverse: true),
        .highlighted: TextStyle(foreground: .black, background: .yellow), .dim: TextStyle(dim: true),
        .error: TextStyle(foreground: .red, bold: true), .status: TextStyle(reverse: true),
        .label: TextStyle(bold: true), .modified: TextStyle(dim: true), .atDefault: TextStyle(dim: true),
        .invalid: TextStyle(foreground: .red, bold: true), .locked: TextStyle(dim: true), .system: TextStyle(dim: true),
    ]

    /// The styles for a terminal.
    ///
    /// - Parameters:
    ///   - color: Whether colours may be used.
    ///   - file: The user's theme, over the built-in styles.
    init(color: Bool, file: ThemeFile = .none) {
        let merged = Self.builtIn.merging(file.styles) { $1 }
        guard !color else {
            styles = merged
            return
        }
        // Without colour, a highlight stays visible as bold and underlined, an error as bold.
        var plain = merged.mapValues(\.withoutColor)
        plain[.highlighted] = TextStyle(bold: true, underline: true)
        plain[.error] = TextStyle(bold: true)
        plain[.invalid] = TextStyle(bold: true)
        styles = plain
    }

    private func style(_ role: ThemeFile.Role) -> TextStyle {
        styles[role] ?? .plain
    }

    /// A stored value's style, by its type.
    func value(_ kind: PrimitiveKind?) -> TextStyle {
        switch kind {
        case .string: style(.string)
        case .int, .double: style(.number)
        case .bool: style(.bool)
        case .date: style(.date)
        case .data: style(.data)
        case .array, .dictionary: style(.collection)
        case nil: .plain
        }
    }

    /// A key's state's style, by where its value comes from.
    func state(_ provenance: KeyProvenance) -> TextStyle {
        switch provenance {
        case .atDefault: style(.atDefault)
        case .problem: style(.invalid)
        case .locked: style(.locked)
        case .system: style(.system)
        case .session, .process, .stored, .outside, .launchArgument, .toMigrate: style(.modified)
        }
    }
}
