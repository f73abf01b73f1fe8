import Foundation
import TactilePort
import Testing

/// `diff -u`'s output for two texts (hunks only, without the two name lines).
func referenceDiff(_ old: String, _ new: String) throws -> String {
    let box = Sandbox()
    box.write("old", old)
    box.write("new", new)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
    process.arguments = ["-u", box.path("old"), box.path("new")]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .dropFirst(2).joined(separator: "\n")
}

func hunks(_ diff: String) -> String {
    diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
}

@Suite struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(unifiedDiff(from: "a\nb\n", to: "a\nb\n", oldName: "a", newName: "b") == "")
    }

    @Test func namesAndOneHunk() {
        let diff = unifiedDiff(
            from: "import UIKit\nclass A {}\n", to: "import TactileUIKit\nclass A {}\n",
            oldName: "a/A.swift", newName: "b/A.swift")
        #expect(
            diff == "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n-import UIKit\n+import TactileUIKit\n class A {}\n")
    }

    /// Changes 6 lines apart share a hunk (3 lines of context each side meet); 7 apart make two: as `diff -u`.
    @Test(arguments: [5, 6, 7, 8])
    func hunksMergeAsDiffDoes(gap: Int) throws {
        let lines = (0..<(gap + 20)).map { "line \($0)" }
        var changed = lines
        changed[8] = "changed 8"
        changed[8 + gap + 1] = "changed \(8 + gap + 1)"
        let old = lines.joined(separator: "\n") + "\n"
        let new = changed.joined(separator: "\n") + "\n"
        let ours = hunks(unifiedDiff(from: old, to: new, oldName: "a", newName: "b"))
        #expect(ours == (try referenceDiff(old, new)))
        #expect(ours.components(separatedBy: "@@ -").count - 1 == (gap <= 6 ? 1 : 2))
    }

    @Test func insertionsDeletionsAndTheFilesEdgesMatchDiff() throws {
        let cases: [(String, String)] = [
            ("a\nb\nc\n", "x\na\nb\nc\n"),
            ("a\nb\nc\n", "a\nb\nc\nx\n"),
            ("a\nb\nc\n", "b\nc\n"),
            ("a\nb\nc", "a\nb\nc\n"),
            ("", "a\n"),
            ("a\n", ""),
            ("@objc\nfunc a() {}\n\n@objc\nfunc b() {}\n", "func a() {}\n\nfunc b() {}\n"),
        ]
        for (old, new) in cases {
            let ours = hunks(unifiedDiff(from: old, to: new, oldName: "a", newName: "b"))
            #expect(ours == (try referenceDiff(old, new)), "\(old.debugDescription) → \(new.debugDescription)")
        }
    }

    @Test func randomEditsMatchDiffLineCounts() throws {
        // Any correct diff of the same texts adds and removes the same numbers of lines as a shortest one when
        // the lines are distinct (patience diff is shortest then).
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let lines = (0..<60).map { "line \($0)" }
            var changed = lines
            for edit in 0..<5 {
                let index = Int.random(in: 0..<changed.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: changed.remove(at: index)
                case 1: changed.insert("new \(edit)", at: index)
                default: changed[index] = "changed \(edit)"
                }
            }
            let old = lines.joined(separator: "\n") + "\n"
            let new = changed.joined(separator: "\n") + "\n"
            let ours = hunks(unifiedDiff(from: old, to: new, oldName: "a", newName: "b"))
            let reference = try referenceDiff(old, new)
            func count(_ text: String, _ prefix: Character) -> Int {
                text.split(separator: "\n").filter { $0.first == prefix }.count
            }
            #expect(count(ours, "+") == count(reference, "+") && count(ours, "-") == count(reference, "-"))
        }
    }
}
