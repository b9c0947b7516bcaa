import Foundation

/// A shell script a test gives as `$VISUAL`, standing in for a person's editor.
///
/// It is named as `sh 'PATH'`, so a shell reads it rather than the kernel executing it: executing a file just written
/// fails now and then with "Text file busy" (status 126), when a child another test started on another thread
/// inherited the file's descriptor while it was open for writing.
///
/// - Parameters:
///   - text: The script.
///   - file: Where to write it.
/// - Returns: The command to give as `$VISUAL`.
/// - Throws: When the file cannot be written.
package func editorScript(_ text: String, at file: URL) throws -> String {
    try Data(text.utf8).write(to: file)
    return "sh '\(file.path)'"
}
