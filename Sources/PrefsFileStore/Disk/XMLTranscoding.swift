/// XML property lists in the encodings besides UTF-8 that writers still use, turned into UTF-8 for the fast reader.
///
/// Foundation's parser reads a document in UTF-16 (with a byte order mark) or one that declares ISO-8859-1, and a
/// plain `UserDefaults` program may have left such a file. Only these are converted: they map every byte or unit to
/// one Unicode scalar with no table, so the text read is the text written. A document in any other encoding is
/// refused, never guessed at.
enum XMLTranscoding {
    /// The document as UTF-8, its declaration saying so, or `nil` when it is not in an encoding converted here.
    ///
    /// - Parameter bytes: A document the fast reader did not read.
    /// - Returns: The converted document; `nil` too for UTF-16 that holds a lone surrogate.
    static func utf8(_ bytes: [UInt8]) -> [UInt8]? {
        let text: String
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            guard bytes.count.isMultiple(of: 2) else { return nil }
            let bigEndian = bytes[0] == 0xFE
            let units = stride(from: 2, to: bytes.count, by: 2).map { (index: Int) -> UInt16 in
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                return UInt16(high) << 8 | UInt16(low)
            }
            var scalars = String.UnicodeScalarView()
            var decoder = UTF16()
            var iterator = units.makeIterator()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: break decoding
                case .error: return nil
                }
            }
            text = String(scalars)
        } else if ["iso-8859-1", "latin1", "iso_8859-1", "latin-1"].contains(declaredEncoding(bytes)?.lowercased()) {
            text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        } else {
            return nil
        }
        return Array(declaringUTF8(text).utf8)
    }

    /// The `encoding` of an ASCII XML declaration at the start of the document.
    ///
    /// The declaration ends at the first `?>`, as ``declaringUTF8(_:)`` reads it, and within its first 200 bytes: a
    /// declaration this reads and that one cannot rewrite would leave the converted document still declaring its old
    /// encoding.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(200)
        guard head.starts(with: Array("<?xml".utf8)),
            let end = head.indices.first(where: {
                head[$0] == UInt8(ascii: "?") && head.index(after: $0) < head.endIndex
                    && head[head.index(after: $0)] == UInt8(ascii: ">")
            })
        else {
            return nil
        }
        let declaration = String(decoding: head[..<end], as: UTF8.self)
        guard let range = declaration.firstRange(of: "encoding=") else { return nil }
        let rest = declaration[range.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// The text with its declaration's `encoding` made `UTF-8`, so that the reader reads it as it now is.
    private static func declaringUTF8(_ text: String) -> String {
        guard text.hasPrefix("<?xml"), let end = text.firstRange(of: "?>"),
            let attribute = text[..<end.lowerBound].firstRange(of: "encoding=")
        else { return text }
        let rest = text[attribute.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'",
            let close = rest.dropFirst().firstIndex(of: quote)
        else { return text }
        return String(text[..<attribute.lowerBound]) + "encoding=\"UTF-8\"" + text[text.index(after: close)...]
    }
}
