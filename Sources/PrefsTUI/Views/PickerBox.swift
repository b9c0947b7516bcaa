/// A framed list of choices drawn over the keys, under the key it is for.
struct PickerBox {
    /// Where a picker sits on the screen, in cells.
    struct Frame: Equatable {
        let x: Int
        let y: Int
        let width: Int
        let height: Int

        /// How many items fit inside the border.
        var visibleItems: Int { max(0, height - 2) }

        /// The item under a cell, if the cell is on one.
        ///
        /// - Parameters:
        ///   - column: The cell's column.
        ///   - row: The cell's row.
        ///   - first: The first item shown, when the list scrolls.
        /// - Returns: The item's index, or `nil` for a cell on the border or outside the picker.
        func item(atX column: Int, y row: Int, first: Int) -> Int? {
            guard (x..<x + width).contains(column), (y + 1..<y + height - 1).contains(row) else { return nil }
            return first + row - y - 1
        }
    }

    let view: EditorView
    let picker: ChoicePicker

    /// Places the model's picker over the value of the selected key, where the key list draws values.
    ///
    /// - Parameters:
    ///   - picker: The picker.
    ///   - model: The editor's model.
    ///   - size: The screen's size.
    /// - Returns: The picker's frame, border included.
    static func frame(for picker: ChoicePicker, of model: EditorModel, in size: (width: Int, height: Int)) -> Frame {
        var column = 2
        if case .keys = model.screen {
            let listWidth = EditorView.splitColumn(width: size.width) ?? size.width
            column = KeysList.columns(of: model, width: listWidth, visibleRows: model.visibleRows).value
        }
        return frame(for: picker, in: size, anchor: model.selectedRowY, column: column)
    }

    /// Places a picker: below its key's row when it fits, else as low as it fits, between the title and the
    /// message line; from the value's column when it fits, else as far right as it fits; wide enough for its title
    /// and items, narrow enough for the screen.
    ///
    /// - Parameters:
    ///   - picker: The picker.
    ///   - size: The screen's size.
    ///   - anchor: The row of the key it is for.
    ///   - column: Where the key's value starts.
    /// - Returns: The picker's frame, border included.
    static func frame(
        for picker: ChoicePicker, in size: (width: Int, height: Int), anchor: Int, column: Int
    ) -> Frame {
        let widest = ([picker.title] + picker.labels).map { DisplayWidth.of($0) }.max() ?? 0
        let width = max(4, min(widest + 6, size.width))
        let bottom = max(2, size.height - 2)
        let height = max(3, min(picker.labels.count + 2, bottom - 1))
        let x = max(0, min(column, size.width - width))
        let y = anchor + 1 + height <= bottom ? anchor + 1 : max(1, bottom - height)
        return Frame(x: x, y: y, width: width, height: height)
    }

    /// The first item shown, so that the highlighted one is visible.
    static func firstItem(of picker: ChoicePicker, frame: Frame) -> Int {
        EditorView.firstVisibleRow(selected: picker.selected, visible: max(1, frame.visibleItems))
    }

    func draw(into grid: inout CellGrid, frame: Frame) {
        let unicode = view.unicode
        let (horizontal, vertical) = unicode ? ("─", "│") : ("-", "|")
        let corners = unicode ? ["┌", "┐", "└", "┘"] : ["+", "+", "+", "+"]
        let inner = frame.width - 2
        let title = DisplayWidth.truncated(" \(picker.title) ", toFit: max(0, inner - 2))
        let top = horizontal + title + String(repeating: horizontal, count: max(0, inner - 1 - DisplayWidth.of(title)))
        grid.draw(corners[0] + view.text(top) + corners[1], x: frame.x, y: frame.y, style: view.theme.label)
        let first = Self.firstItem(of: picker, frame: frame)
        for line in 0..<frame.visibleItems {
            let y = frame.y + 1 + line
            grid.draw(String(repeating: " ", count: inner), x: frame.x + 1, y: y)
            grid.draw(vertical, x: frame.x, y: y, style: view.theme.label)
            let index = first + line
            if picker.labels.indices.contains(index) {
                let mark = index == picker.selected ? (unicode ? "●" : "*") : " "
                let label = DisplayWidth.truncated(picker.labels[index], toFit: max(0, inner - 3))
                grid.draw(view.text(" \(mark) " + label), x: frame.x + 1, y: y, limit: inner)
                if index == picker.selected {
                    grid.paint(x: frame.x + 1, y: y, columns: inner, style: view.theme.selected)
                }
            }
            grid.draw(vertical, x: frame.x + frame.width - 1, y: y, style: view.theme.label)
        }
        let bottom = corners[2] + String(repeating: horizontal, count: max(0, inner)) + corners[3]
        grid.draw(bottom, x: frame.x, y: frame.y + frame.height - 1, style: view.theme.label)
    }
}
