/// Touch objects and recognizer lists kept for reuse, so that a new touch allocates nothing (issue #13, P2):
/// touches that left the pipeline, the empty recognizer lists of those that could not be kept, and the room
/// made for a hand's worth of touches at the first touch (``TouchDispatcher/prepareForTouches()``).
struct TouchPool {
    /// How many touches the dispatcher makes room for before the first one begins: a full hand.
    static let handSize = 10
    /// How many touch objects are made ahead of use: a hand's worth, twice (the fingers of one frame can land
    /// while the previous hand's touches are still withheld).
    static let preparedTouchCount = 2 * handSize
    /// How many recognizers get room for a hand's touches ahead of use.
    static let preparedRecognizerCount = 256
    /// The longest recognizer list a touch is given room for ahead of use.
    static let preparedRecognizerRoom = 32
    /// At most this many touches are kept for reuse (``retiredTouches``): one per finger of a full hand, twice.
    static let retiredTouchLimit = 20
    /// At most this many ``spareRecognizerLists`` are kept (one per finger of a full hand, twice).
    static let spareRecognizerListLimit = 20

    /// Touches that left the pipeline, kept to become new touches (``TouchDispatcher/makeTouch(for:at:)``).
    var retiredTouches: [Touch] = []
    /// Empty recognizer lists with capacity, taken from touches that left with none (step 6) and given to
    /// new touches (step 2), so that a new touch's ``Touch/gestureRecognizers`` needs no new array.
    var spareRecognizerLists: [[GestureRecognizer]] = []
    /// The most recognizers a touch has received so far: the room a new touch object's list is given.
    var longestRecognizerList = 0
    /// Whether ``TouchDispatcher/prepareForTouches()`` ran.
    var isPrepared = false

    /// Whether every touch kept for reuse was released (none is still in use).
    @MainActor var isIdle: Bool { firstUnreleasedTouch == nil }
    /// A touch kept for reuse that was not released (``isIdle``).
    @MainActor var firstUnreleasedTouch: Touch? { retiredTouches.first { !$0.record.isReleased } }

    /// Takes a retired touch that no one else can reach, for reuse, or returns `nil`.
    ///
    /// A retired touch is reused only when the pool holds the only reference to it: no other strong one
    /// (`isKnownUniquelyReferenced`: a responder, a recognizer subclass or an application that kept it — UIKit
    /// advises against it, apps do it anyway — still sees it exactly as it ended) and no `weak` or `unowned` one
    /// (``Touch/isUnobserved``: a weak reference an application keeps becomes `nil` once it lets go of the
    /// touch, never names another touch). One that became observed while retired is dropped, so it is freed
    /// when its other owners let go. Tactile's own unretained lists (``UnretainedList``) never outlive a
    /// dispatch, so none can name a retired touch.
    @MainActor mutating func takeReusableTouch() -> Touch? {
        var index = retiredTouches.count
        while index > 0 {
            index -= 1
            guard retiredTouches[index].isUnobserved else {
                retiredTouches.remove(at: index)
                continue
            }
            guard isKnownUniquelyReferenced(&retiredTouches[index]) else { continue }
            return retiredTouches.remove(at: index)
        }
        return nil
    }

    /// Keeps `touch`, just released, for reuse while no one watches it weakly; otherwise keeps its empty
    /// recognizer list for a new touch.
    @MainActor mutating func keep(_ touch: Touch) {
        if touch.isUnobserved, retiredTouches.count < Self.retiredTouchLimit {
            retiredTouches.append(touch)
            return
        }
        // Recognizers reset in step 6 have left its list; an empty list is all anyone can see of it now.
        if touch.record.recognizerList.isEmpty, touch.record.recognizerList.capacity > 0,
            spareRecognizerLists.count < Self.spareRecognizerListLimit
        {
            spareRecognizerLists.append(touch.record.recognizerList)
            touch.record.recognizerList = []
        }
    }
}

extension TouchDispatcher {
    /// Makes room, when the first touch ever begins, for a hand's worth of touches (``TouchPool/handSize``), so
    /// that replayed or live frames of up to ten fingers allocate nothing, even the first time each number of
    /// fingers lands (issue #13, P2):
    /// - twice that many touch objects in the pool of retired touches (the fingers of a frame can land while the
    ///   previous hand's touches are still withheld), each with a recognizer list as long as the application's
    ///   windows have recognizers (at most 32: a list that a longer chain of views needs grows once);
    /// - room for as many touches in each recognizer's list of tracked touches (the first 256 recognizers found; a
    ///   recognizer keeps the touches it tracked until it resets, so fingers that come and go while it stays
    ///   possible can add up to more), and the same recognizers' records in the arena's table
    ///   (``GestureRecognizer/prepareRecord(in:)``), so that none is made mid-dispatch;
    /// - a list of recognizers waited for per recognizer that requires others to fail (at most
    ///   ``GestureArena/spareWaitListLimit``), with room for the longest such requirement list;
    /// - the capacity of the dispatcher's per-touch lists and of the arena's lists of recognizers taking part.
    ///
    /// Done at the first touch, not when the application is made: only then are the windows and their recognizers
    /// there. More fingers, or recognizers added later, grow a list once.
    func prepareForTouches() {
        storage.value.pool.isPrepared = true
        // The recognizers of the windows' views (the first 256 found get room for two hands' touches).
        var recognizerCount = 0
        // Those that require others to fail (each may wait at once), and the longest such requirement list.
        var waitCount = 0
        var waitRoom = 0
        var views: [View] = application.windows
        while let view = views.popLast() {
            for recognizer in view.gestureRecognizers {
                if recognizerCount < TouchPool.preparedRecognizerCount {
                    recognizer.storage.value.trackedTouches.reserveCapacity(TouchPool.preparedTouchCount)
                    recognizer.prepareRecord(in: arena.recognizerRecords)
                    let requirements = recognizer.storage.value.failureRequirements.count
                    if requirements > 0 {
                        waitCount += 1
                        waitRoom = max(waitRoom, requirements)
                    }
                }
                recognizerCount += 1
            }
            views.append(contentsOf: view.subviews)
        }
        let room = min(recognizerCount, TouchPool.preparedRecognizerRoom)
        storage.value.pool.longestRecognizerList = max(storage.value.pool.longestRecognizerList, room)
        arena.reserveRoom(
            forRecognizers: room, touches: TouchPool.preparedTouchCount, waits: waitCount, waitRoom: waitRoom)
        storage.value.followed.reserveRoom(TouchPool.handSize)
        event.storage.value.touchList.reserveCapacity(TouchPool.handSize)
        storage.value.routing.admittedWindows.reserveCapacity(4)
        storage.value.pool.retiredTouches.reserveCapacity(TouchPool.retiredTouchLimit)
        storage.value.pool.spareRecognizerLists.reserveCapacity(TouchPool.spareRecognizerListLimit)
        let placeholder = TouchContact(id: TouchContact.ID(0), phase: .began, location: .zero)
        while storage.value.pool.retiredTouches.count < TouchPool.preparedTouchCount {
            let touch = Touch(contact: placeholder, timestamp: .zero, records: touchRecords)
            touch.record.recognizerList.reserveCapacity(room)
            touch.release()
            storage.value.pool.retiredTouches.append(touch)
        }
    }

    /// The touch of `contact`, which begins at `time`: a retired touch that no one else can reach, reused
    /// (``TouchPool/takeReusableTouch()``), or a new one.
    func makeTouch(for contact: TouchContact, at time: Timestamp) -> Touch {
        if let touch = storage.value.pool.takeReusableTouch() {
            touch.reuse(for: contact, at: time)
            return touch
        }
        return Touch(contact: contact, timestamp: time, records: touchRecords)
    }

    /// Releases a touch that left the pipeline (``Touch/release()``: step 6, or the arena once a withheld phase
    /// of it was delivered) and keeps it for reuse while no one watches it weakly (``makeTouch(for:at:)``);
    /// otherwise keeps its empty recognizer list for a new touch.
    func retire(_ touch: Touch) {
        guard !touch.record.isReleased else { return }  // retired once, so never kept twice
        touch.release()
        storage.value.pool.keep(touch)
    }
}
