/// The styles the views draw with, with and without colour.
struct Theme {
    let title: TextStyle
    let selected: TextStyle
    let highlighted: TextStyle
    let dim: TextStyle
    let error: TextStyle
    let status: TextStyle
    let label: TextStyle

    init(color: Bool) {
        let theme = Theme(
            title: TextStyle(foreground: .white, background: .blue, bold: true),
            selected: TextStyle(reverse: true),
            highlighted: TextStyle(foreground: .black, background: .yellow),
            dim: TextStyle(dim: true),
            error: TextStyle(foreground: .red, bold: true),
            status: TextStyle(reverse: true),
            label: TextStyle(bold: true))
        self = color ? theme : theme.withoutColor
    }

    private init(
        title: TextStyle, selected: TextStyle, highlighted: TextStyle, dim: TextStyle, error: TextStyle,
        status: TextStyle, label: TextStyle
    ) {
        self.title = title
        self.selected = selected
        self.highlighted = highlighted
        self.dim = dim
        self.error = error
        self.status = status
        self.label = label
    }

    private var withoutColor: Theme {
        // A highlight without colour stays visible as bold and underlined.
        Theme(
            title: title.withoutColor, selected: selected, highlighted: TextStyle(bold: true, underline: true),
            dim: dim, error: TextStyle(bold: true), status: status, label: label)
    }
}
