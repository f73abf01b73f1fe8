/// The most square brackets opened one directly inside another (`[[[…`) that `tactile port` parses: swift-syntax's
/// parser takes time exponential in such a run (16 take seconds, 20 a minute), so a longer run is refused as an
/// error before parsing. No real Swift needs 13 directly nested array literals or types.
let maximumDirectlyNestedBrackets = 12

/// The position (1-based line and column) of the first `[` that makes a run of directly nested brackets longer than
/// ``maximumDirectlyNestedBrackets``, outside comments and string literals; `nil` when there is none.
func excessiveBracketRun(in source: String) -> (line: Int, column: Int)? {
    let bytes = Array(source.utf8)
    var index = 0
    var line = 1
    var lineStart = 0
    var run = 0
    func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"):
            line += 1
            lineStart = index + 1
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            continue
        case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
            var depth = 0
            repeat {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 1
                } else if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 1
                }
                index += 1
            } while depth > 0 && index < bytes.count
            continue
        case UInt8(ascii: "\""):
            let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                    if !multiline { break }
                }
                if bytes[index] == UInt8(ascii: "\""),
                    !multiline || (at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\""))
                {
                    index += multiline ? 3 : 1
                    break
                }
                index += 1
            }
            run = 0
            continue
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            break
        case UInt8(ascii: "["):
            run += 1
            if run > maximumDirectlyNestedBrackets { return (line, index - lineStart + 1) }
        default:
            run = 0
        }
        index += 1
    }
    return nil
}
