extension Application {
    /// When input frames are dispatched.
    public enum InputDispatch: Hashable, Sendable {
        /// Every ``Application/send(_:)`` is one dispatch (the default; spec §1.2): a 240 Hz digitizer gives 240
        /// `touchesMoved` calls a second.
        case everyFrame
        /// Frames queue until the application dispatches them at its display's frame time with
        /// ``Application/dispatchQueuedInput(at:)``, as UIKit delivers touches once per display refresh: each
        /// touch's moves between two display frames become one change (one `touchesMoved`), and
        /// ``Event/coalescedTouches(for:)`` lists every sample. At most 1 024 frames wait (about 4 s at
        /// 240 Hz): the one that would exceed it dispatches the queue, so memory stays bounded when no display
        /// callback comes.
        case displayRate
    }

    /// The frames waiting for ``dispatchQueuedInput(at:)`` (``InputDispatch/displayRate`` dispatch).
    public var queuedFrameCount: Int { queuedFrames.count }

    /// Dispatches the queued frames stamped at or before `time`, merged as ``dispatchQueuedInput(at:)`` says.
    func dispatchQueuedFrames(through time: Timestamp) {
        guard !queuedFrames.isEmpty else { return }
        let due = queuedFrames.prefix { $0.timestamp <= time }
        guard !due.isEmpty else { return }
        queuedFrames.removeFirst(due.count)
        var merger = FrameMerger()
        for frame in due {
            if !merger.canMerge(frame) {
                let (merged, samples) = merger.take()
                dispatcher.dispatch(merged, coalesced: samples)
            }
            merger.merge(frame)
        }
        if !merger.isEmpty {
            let (merged, samples) = merger.take()
            dispatcher.dispatch(merged, coalesced: samples)
        }
    }
}

/// Merges consecutive input frames into one dispatch for display-rate dispatch (see
/// ``Application/dispatchQueuedInput(at:)``).
struct FrameMerger {
    /// The merged contacts, in the order they first appeared.
    private var contacts: [TouchContact] = []
    /// Every sample of each merged contact, oldest first.
    private var samples: [TouchContact.ID: [CoalescedSample]] = [:]
    /// The time of the latest merged frame.
    private var timestamp: Timestamp?

    var isEmpty: Bool { timestamp == nil }

    /// Whether `frame` can join the merged frames: each of its contacts that changes phase (began, ended,
    /// cancelled) must not have begun, ended or been cancelled in them, and a contact that began in them may not
    /// appear again (its next change is a dispatch of its own).
    func canMerge(_ frame: TouchFrame) -> Bool {
        guard timestamp != nil else { return true }
        for contact in frame.contacts {
            guard let index = contacts.firstIndexOfElement(where: { $0.id == contact.id }) else { continue }
            switch contacts[index].phase {
            case .began, .ended, .cancelled: return false
            case .moved, .stationary: break
            }
        }
        return true
    }

    /// Adds `frame` (after ``canMerge(_:)`` said it may).
    mutating func merge(_ frame: TouchFrame) {
        timestamp = frame.timestamp
        for contact in frame.contacts {
            if let index = contacts.firstIndexOfElement(where: { $0.id == contact.id }) {
                var merged = contact
                switch (contacts[index].phase, contact.phase) {
                case (.moved, .stationary): merged.phase = .moved  // it moved earlier in the merged frames
                default: break
                }
                contacts[index] = merged
            } else {
                contacts.append(contact)
            }
            switch contact.phase {
            case .stationary:
                break
            case .began, .moved, .ended, .cancelled:
                samples[contact.id, default: []].append((contact.location, frame.timestamp))
            }
        }
    }

    /// The merged frame (contacts in slot order, as a decoder lists them) and the samples, and empties the merger.
    mutating func take() -> (TouchFrame, [TouchContact.ID: [CoalescedSample]]) {
        let sorted = contacts.sortedElements { ($0.slot, $0.id) < ($1.slot, $1.id) }
        let frame = TouchFrame(timestamp: timestamp ?? .zero, contacts: sorted)
        let result = (frame, samples)
        self = FrameMerger()
        return result
    }
}
