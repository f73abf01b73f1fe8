import TactileUIKit
import Testing

/// The ported files differ from the UIKit originals (UIKitOriginals/*.swift.txt) only by the import and by the
/// Objective-C runtime's spelling (`#selector`, `@objc`: issue 38's `tactile port` rewrites those), each such
/// line marked `// [objc]`. That they compile is this target building.
@Suite("UIKit code compiles with one import changed")
struct OneImportTests {
    nonisolated static let files = [
        "SignatureView.swift", "StickerCanvasView.swift", "PageSnappingDelegate.swift", "CircularSlider.swift",
        "PassThroughViews.swift", "SwipeCardView.swift",
    ]

    @Test("Only the import and the marked Objective-C lines differ from the UIKit original", arguments: files)
    func onlyTheImportChanged(file: String) throws {
        let original = try sourceFile("UIKitOriginals/\(file).txt").split(separator: "\n", omittingEmptySubsequences: false)
        let ported = try sourceFile(file).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(original.count == ported.count, "no line added or removed")
        var imports = 0
        for (line, (before, after)) in zip(original, ported).enumerated() where before != after {
            if before == "import UIKit" {
                #expect(after == "import TactileUIKit", "line \(line + 1)")
                imports += 1
            } else {
                #expect(after.hasSuffix("// [objc]"), "line \(line + 1) changed without the Objective-C mark: \(after)")
                #expect(before.contains("#selector") || before.contains("@objc"), "line \(line + 1): \(before)")
            }
        }
        #expect(imports == 1)
    }
}
