import Tactile

/// The frames of one report of TactileInput's `MultitouchDecoder` (or one frame of a ``ContactStream``), built
/// from the phase each contact got: the one place the input layer makes `TouchFrame`s. In this C-free module so
/// that the contact stream needs nothing of TactileInput; the decoder reaches it through `package` access.
///
/// - The first frame lists every contact that is down or changed, and is made only when something in it began,
///   moved, ended or was cancelled (spec §1.2.3: a frame of stationary contacts is not sent).
/// - A contact that began and ended in the same report cannot have two phases in one frame: it begins in the
///   first frame and ends in a second one at the same time, in which the contacts still down are stationary.
///   Never a lost touch.
/// - Each frame is ordered by slot; contacts of the same slot keep the order they were added in (report order:
///   closed contacts first, then the slots).
///
/// A builder's lists are reused from report to report (``empty()``); the frames share their storage.
package struct FrameBuilder: Sendable {
    /// The first frame's contacts.
    private var first: [TouchContact] = []
    /// The ends of contacts that also began in this report.
    private var second: [TouchContact] = []
    /// The contacts still down, stationary, for the second frame.
    private var stationaryInSecond: [TouchContact] = []

    /// Creates a builder with empty lists (they allocate when first added to).
    package init() {}

    /// Creates a builder whose lists hold `contacts` contacts (and a few ends) without growing.
    package init(capacity contacts: Int) {
        first.reserveCapacity(contacts + 2)
        second.reserveCapacity(4)
        stationaryInSecond.reserveCapacity(contacts)
    }

    /// Empties the lists for the next report and keeps their storage.
    package mutating func empty() {
        first.empty()
        second.empty()
        stationaryInSecond.empty()
    }

    /// Adds a contact that ended or was cancelled after it was reported, or one that is ignored from now on.
    package mutating func append(_ entry: TouchContact) {
        first.append(entry)
    }

    /// Adds a contact that began and ended (or was cancelled) in this report: `began` at its end's place in the
    /// first frame, `end` in the second.
    package mutating func appendBeganAndEnded(_ end: TouchContact) {
        var began = end
        began.phase = .began
        first.append(began)
        second.append(end)
    }

    /// Adds a contact that is still down (`began`, `moved` or `stationary`); it is stationary in the second frame.
    /// Add every contact that ends in the second frame first.
    package mutating func appendDown(_ entry: TouchContact) {
        first.append(entry)
        if !second.isEmpty {
            var still = entry
            still.phase = .stationary
            stationaryInSecond.append(still)
        }
    }

    /// Appends the report's frames at `time` to `frames`: the first when anything in it changed, then the
    /// second when a contact began and ended. Returns whether it appended any.
    package mutating func finish(at time: Timestamp, into frames: inout [TouchFrame]) -> Bool {
        var changed = false
        for entry in first where entry.phase != .stationary {
            changed = true
            break
        }
        if changed {
            frames.append(Self.frame(&first, at: time))
        }
        guard !second.isEmpty else { return changed }
        second.append(contentsOf: stationaryInSecond)
        frames.append(Self.frame(&second, at: time))
        return true
    }

    /// A frame of `entries` ordered by slot; entries of the same slot keep the order they were collected in.
    /// Sorts `entries` in place (an insertion sort: they are few and nearly in order).
    ///
    /// The frame shares `entries`' storage: no copy, no allocation. A reused list is emptied before the next
    /// report (``empty()``), which reuses the storage when the consumer no longer holds the frame, and otherwise
    /// (a consumer that keeps frames) gets new storage by copy-on-write, so a kept frame never changes.
    package static func frame(_ entries: inout [TouchContact], at time: Timestamp) -> TouchFrame {
        if entries.count > 1 {
            for i in 1..<entries.count {
                let item = entries[i]
                var j = i
                while j > 0, entries[j - 1].slot > item.slot {
                    entries[j] = entries[j - 1]
                    j -= 1
                }
                if j != i { entries[j] = item }
            }
        }
        return TouchFrame(timestamp: time, contacts: entries)
    }

    /// `time`, or `latest` when `time` is earlier, so that times never go backwards; `latest` becomes the
    /// result. The decoder clamps its report times with it, ``ContactStream`` its event times.
    package static func time(_ time: Timestamp, notBefore latest: inout Timestamp?) -> Timestamp {
        let result = latest.map { Swift.max($0, time) } ?? time
        latest = result
        return result
    }
}
