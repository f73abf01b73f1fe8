/// A unified diff (`diff -u`'s format, 3 lines of context) of two texts; empty when they are equal.
///
/// - Parameters:
///   - old: The original text.
///   - new: The changed text.
///   - oldName: The original's name in the `---` line.
///   - newName: The changed text's name in the `+++` line.
public func unifiedDiff(from old: String, to new: String, oldName: String, newName: String) -> String {
    guard old != new else { return "" }
    let a = diffLines(old)
    let b = diffLines(new)
    var script: [ScriptLine] = []
    patienceDiff(a, 0..<a.count, b, 0..<b.count, into: &script)
    var output = "--- \(oldName)\n+++ \(newName)\n"
    let context = 3
    var index = 0
    while index < script.count {
        // The next change, and the hunk around it: changes closer than twice the context share one hunk.
        guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
        let start = max(index, firstChange - context)
        var end = firstChange
        var lastChange = firstChange
        while end < script.count {
            if script[end].kind != .same { lastChange = end }
            if end - lastChange > 2 * context { break }
            end += 1
        }
        let stop = min(script.count, lastChange + context + 1)
        let hunk = script[start..<stop]
        let oldStart = hunk.first.map { $0.oldIndex } ?? 0
        let newStart = hunk.first.map { $0.newIndex } ?? 0
        let oldCount = hunk.filter { $0.kind != .insert }.count
        let newCount = hunk.filter { $0.kind != .delete }.count
        output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
        for line in hunk {
            switch line.kind {
            case .same: output += " " + a[line.oldIndex].text
            case .delete: output += "-" + a[line.oldIndex].text
            case .insert: output += "+" + b[line.newIndex].text
            }
            let ending = line.kind == .insert ? b[line.newIndex].hasNewline : a[line.oldIndex].hasNewline
            output += ending ? "\n" : "\n\\ No newline at end of file\n"
        }
        index = stop
    }
    return output
}

private func range(_ start: Int, _ count: Int) -> String {
    // diff -u: a hunk of one line is `l`, an empty one is `l-1,0`.
    count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
}

private struct DiffLine: Equatable {
    var text: Substring
    var hasNewline: Bool
}

private func diffLines(_ text: String) -> [DiffLine] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        DiffLine(text: $0, hasNewline: true)
    }
    if lines.last?.text.isEmpty == true {
        lines.removeLast()
    } else if !lines.isEmpty {
        lines[lines.count - 1].hasNewline = false
    }
    return lines
}

private struct ScriptLine {
    enum Kind { case same, delete, insert }
    var kind: Kind
    var oldIndex: Int
    var newIndex: Int
}

/// Patience diff (as `git diff --patience`): lines unique to both sides that keep their order anchor the diff,
/// the stretches between anchors are diffed recursively, and a stretch without anchors by Myers' algorithm when
/// small — near-linear on the scattered changes of a port, however large the file.
private func patienceDiff(
    _ a: [DiffLine], _ ra: Range<Int>, _ b: [DiffLine], _ rb: Range<Int>, into script: inout [ScriptLine]
) {
    var ra = ra
    var rb = rb
    // The common prefix and suffix.
    while !ra.isEmpty, !rb.isEmpty, a[ra.lowerBound] == b[rb.lowerBound] {
        script.append(ScriptLine(kind: .same, oldIndex: ra.lowerBound, newIndex: rb.lowerBound))
        ra = ra.dropFirst()
        rb = rb.dropFirst()
    }
    var suffix: [ScriptLine] = []
    while !ra.isEmpty, !rb.isEmpty, a[ra.upperBound - 1] == b[rb.upperBound - 1] {
        suffix.append(ScriptLine(kind: .same, oldIndex: ra.upperBound - 1, newIndex: rb.upperBound - 1))
        ra = ra.dropLast()
        rb = rb.dropLast()
    }
    defer { script.append(contentsOf: suffix.reversed()) }
    if ra.isEmpty || rb.isEmpty {
        for i in ra { script.append(ScriptLine(kind: .delete, oldIndex: i, newIndex: rb.lowerBound)) }
        for j in rb { script.append(ScriptLine(kind: .insert, oldIndex: ra.upperBound, newIndex: j)) }
        return
    }
    // Anchors: lines occurring once on each side, in the longest run that keeps their order.
    var countA: [Substring: (count: Int, index: Int)] = [:]
    var countB: [Substring: (count: Int, index: Int)] = [:]
    for i in ra { countA[a[i].text, default: (0, i)].count += 1 }
    for j in rb { countB[b[j].text, default: (0, j)].count += 1 }
    var pairs: [(Int, Int)] = []
    for i in ra where countA[a[i].text]?.count == 1 {
        if let match = countB[a[i].text], match.count == 1, a[i] == b[match.index] { pairs.append((i, match.index)) }
    }
    let anchors = longestIncreasing(pairs)
    if anchors.isEmpty {
        myers(a, ra, b, rb, into: &script)
        return
    }
    var i = ra.lowerBound
    var j = rb.lowerBound
    for (ai, bj) in anchors {
        patienceDiff(a, i..<ai, b, j..<bj, into: &script)
        script.append(ScriptLine(kind: .same, oldIndex: ai, newIndex: bj))
        i = ai + 1
        j = bj + 1
    }
    patienceDiff(a, i..<ra.upperBound, b, j..<rb.upperBound, into: &script)
}

/// The longest subsequence of `pairs` (increasing in their first element) whose second elements increase too.
private func longestIncreasing(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
    var tails: [Int] = []  // index into pairs of the smallest tail of each length
    var previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [(Int, Int)] = []
    var cursor = tails.last ?? -1
    while cursor >= 0 {
        result.append(pairs[cursor])
        cursor = previous[cursor]
    }
    return result.reversed()
}

/// Myers' shortest edit script of a stretch, O((N + M) · D); a stretch too large for it (over 4 million line
/// pairs) is a deletion and an insertion, which is a correct diff, if not the shortest.
private func myers(
    _ a: [DiffLine], _ ra: Range<Int>, _ b: [DiffLine], _ rb: Range<Int>, into script: inout [ScriptLine]
) {
    guard ra.count * rb.count <= 4_000_000 else {
        for i in ra { script.append(ScriptLine(kind: .delete, oldIndex: i, newIndex: rb.lowerBound)) }
        for j in rb { script.append(ScriptLine(kind: .insert, oldIndex: ra.upperBound, newIndex: j)) }
        return
    }
    let lines = editScript(Array(a[ra]), Array(b[rb]))
    for line in lines {
        script.append(
            ScriptLine(
                kind: line.kind, oldIndex: line.oldIndex + ra.lowerBound, newIndex: line.newIndex + rb.lowerBound))
    }
}

/// Myers' shortest edit script, O((N + M) · D): fast for the few changes a port makes to a large file.
private func editScript(_ a: [DiffLine], _ b: [DiffLine]) -> [ScriptLine] {
    let n = a.count
    let m = b.count
    let offset = n + m + 1
    var v = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    var found = false
    for d in 0...(n + m) {
        // Only the diagonals reachable in d steps matter: keep the slice, so memory stays O(D²).
        trace.append(Array(v[(offset - d)...(offset + d)]))
        for k in stride(from: -d, through: d, by: 2) {
            var x =
                (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                ? v[offset + k + 1] : v[offset + k - 1] + 1
            var y = x - k
            while x < n, y < m, a[x] == b[y] {
                x += 1
                y += 1
            }
            v[offset + k] = x
            if x >= n && y >= m {
                found = true
                break
            }
        }
        if found { break }
    }
    var script: [ScriptLine] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
        let saved = trace[d]
        func value(_ k: Int) -> Int { saved[k + d] }
        let k = x - y
        let previousK = (k == -d || (k != d && value(k - 1) < value(k + 1))) ? k + 1 : k - 1
        let previousX = d == 0 ? 0 : value(previousK)
        let previousY = previousX - previousK
        while x > previousX, y > previousY {
            x -= 1
            y -= 1
            script.append(ScriptLine(kind: .same, oldIndex: x, newIndex: y))
        }
        if d > 0 {
            if x == previousX {
                script.append(ScriptLine(kind: .insert, oldIndex: x, newIndex: previousY))
            } else {
                script.append(ScriptLine(kind: .delete, oldIndex: previousX, newIndex: y))
            }
        }
        x = previousX
        y = previousY
    }
    return script.reversed()
}
