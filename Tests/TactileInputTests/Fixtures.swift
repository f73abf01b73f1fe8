import Foundation
import TactileTestSupport

/// Small fixtures written for these tests, in `Tests/TactileInputTests/Fixtures`.
enum Fixtures {
    static func path(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
            return "missing fixture \(name)"
        }
        return url.path
    }

    /// Writes `text` to a fresh temporary file (removed when the test process exits) and returns its path.
    static func temporaryFile(_ text: String, name: String = "trace.evemu") -> String {
        TestScratch.file(text, name: name)
    }
}
