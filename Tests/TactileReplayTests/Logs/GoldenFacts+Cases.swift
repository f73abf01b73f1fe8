/// The decisive facts of each golden replay, by expectation file name (`TRACE@SCENE`), derived from the spec's
/// rules and thresholds and from the recording's frames (when a finger lands, crosses a threshold, lifts) — never
/// read off the log. The scenes' parameters: photo viewer (pan 1–2 touches, pinch, rotation, doubleTap, singleTap
/// requiring doubleTap to fail, twoFingerTap; pan, pinch and rotation pairwise simultaneous), drawing canvas
/// (menuPress long press 0.5 s / 10 pt, edgeSwipe on the left edge), button list (rows inside a scroll view that
/// delays content touches 0.15 s), default (tap requiring doubleTap, pan requiring swipe right, long press, pinch,
/// rotation).
enum GoldenFacts {
    /// Thresholds of spec §6.0 and §4.6 (the scenes use the defaults).
    static let panHysteresis = 10.0, longPressDuration = 0.5, allowableMovement = 10.0
    /// The default scene's swipe asks for more than UIKit's 50 pt: 150 pt within 0.35 s (README, "The default
    /// scene"), so that a slow drag is a pan there.
    static let defaultSceneSwipeMinimum = 150.0
    static let swipeMinimum = 50.0, pinchHysteresis = 10.0, rotationThreshold = 0.05, contentDelay = 0.15

    static let byCase: [String: [GoldenFact]] = {
        var facts: [String: [GoldenFact]] = [:]
        // Synthesized traces.
        facts["tap@button-list"] = [
            .gets("row2", "began", [1], at: .lift(1)), .gets("row2", "ended", [1], at: .lift(1)),
            .fails("list.pan", at: .lift(1), "lifted before recognition"), .never("list.pan", "began"),
            .sends("row2", "touchUpInside", times: 1),
        ]
        facts["tap-share-button@photo-viewer"] = [
            .noRecognizerChanges, .gets("share", "began", [1], at: .landing(1)),
            .gets("share", "ended", [1], at: .lift(1)), .sends("share", "touchUpInside", times: 1),
            .neverGets("photo", "began"),
        ]
        facts["double-tap@photo-viewer"] = [
            .waits("singleTap", for: "doubleTap", at: .lift(1)),
            .recognizes("doubleTap", at: .lift(2), "2 taps of 1 touch"),
            .fails("singleTap", at: .lift(2), "doubleTap recognized"), .never("singleTap", "recognized"),
            .gets("photo", "cancelled", [1, 2], at: .lift(2)), .neverGets("photo", "ended"), .never("pan", "began"),
        ]
        facts["long-press@drawing-canvas"] = [
            .fails("edgeSwipe", at: .landing(1), "from the nearest edge > 20 pt"),
            .begins("menuPress", at: .after(.landing(1), longPressDuration), "held for 0.5 s"),
            .gets("canvas", "cancelled", [1], at: .after(.landing(1), longPressDuration)),
            .ends("menuPress", at: .lift(1), "a touch lifted"), .neverGets("canvas", "ended"),
        ]
        facts["swipe@scroll-pager"] = [
            .fails("page1.pan", at: .moved(1, atLeast: panHysteresis, axis: .x), "page1 declined to let it begin"),
            .begins("pager.pan", at: .moved(1, atLeast: panHysteresis, axis: .x), "moved"),
            .discarded("photo1", [1], by: "pager.pan", at: .moved(1, atLeast: panHysteresis, axis: .x)),
            .neverGets("photo1", "began"), .ends("pager.pan", at: .lift(1), "all touches lifted"),
        ]
        facts["pan@scroll-pager"] = [
            .fails("page1.pan", at: .moved(1, atLeast: panHysteresis, axis: .x), "page1 declined to let it begin"),
            .begins("pager.pan", at: .moved(1, atLeast: panHysteresis, axis: .x), "moved"),
            // The finger rests past the content delay, so the photo hears of it, then loses it to the pager.
            .gets("photo1", "began", [1], at: .after(.landing(1), contentDelay)),
            .gets("photo1", "cancelled", [1], at: .moved(1, atLeast: panHysteresis, axis: .x)),
            .ends("pager.pan", at: .lift(1), "all touches lifted"),
        ]
        facts["pinch-out@scroll-pager"] = [
            .begins("page1.pinch", at: .spanChanged(atLeast: pinchHysteresis), "span changed by 1"),
            .never("pager.pan", "began"), .ends("page1.pinch", at: .lastLift, "all touches lifted"),
        ]
        facts["pan@photo-viewer"] = [
            .begins("pan", at: .moved(1, atLeast: panHysteresis), "moved"),
            .gets("photo", "cancelled", [1], at: .moved(1, atLeast: panHysteresis)),
            .fails("singleTap", at: .moved(1, atLeast: panHysteresis), "excluded by pan"),
            .fails("doubleTap", at: .moved(1, atLeast: panHysteresis), "excluded by pan"),
            .ends("pan", at: .lift(1), "all touches lifted"), .never("singleTap", "recognized"),
        ]
        facts["swipe@default"] = [
            .waits("pan", for: "swipe", at: .moved(1, atLeast: panHysteresis)),
            .recognizes("swipe", at: .moved(1, atLeast: defaultSceneSwipeMinimum, axis: .x), "swiped right"),
            .gets("screen", "cancelled", [1], at: .moved(1, atLeast: defaultSceneSwipeMinimum, axis: .x)),
            .fails("pan", at: .moved(1, atLeast: defaultSceneSwipeMinimum, axis: .x), "swipe recognized"), .never("pan", "began"),
            .never("tap", "recognized"),
        ]
        // A pen is followed like a finger (its touch type is not in the log); a palm cancels; a resting palm never
        // becomes a touch (§1.2 rule 2, §1.3).
        facts["pen@drawing-canvas"] = [
            .gets("canvas", "began", [1], at: .landing(1)),
            .fails("menuPress", at: .moved(1, atLeast: allowableMovement), "moved"), .never("menuPress", "began"),
            .gets("canvas", "ended", [1], at: .lift(1)),
        ]
        facts["palm@drawing-canvas"] = [
            .gets("canvas", "began", [1], at: .landing(1)),
            .gets("canvas", "cancelled", [1], at: .lift(1)), .neverGets("canvas", "ended"),
            .fails("menuPress", at: .lift(1), "touches cancelled"), .never("menuPress", "began"),
        ]
        facts["palm-and-tap@button-list"] = [
            .fails("list.pan", at: .lift(2), "lifted before recognition"),
            .gets("row1", "began", [2], at: .lift(2)), .gets("row1", "ended", [2], at: .lift(2)),
            .sends("row1", "touchUpInside", times: 1), .neverGets("row1", "cancelled"),
        ]
        facts["pinch-in@photo-viewer"] = [
            .fails("singleTap", at: .landing(2), "a second touch landed"),
            .begins("pinch", at: .spanChanged(atLeast: pinchHysteresis), "span changed by -"),
            .gets("photo", "cancelled", [1, 2], at: .spanChanged(atLeast: pinchHysteresis)),
            .fails("twoFingerTap", at: .spanChanged(atLeast: pinchHysteresis), "excluded by pinch"),
            .begins("rotation", at: .turned(atLeast: rotationThreshold)), .never("pan", "began"),
            .ends("pinch", at: .lastLift, "all touches lifted"), .ends("rotation", at: .lastLift, "all touches lifted"),
        ]
        facts["pinch-out@photo-viewer"] = [
            .fails("singleTap", at: .landing(2), "a second touch landed"),
            .begins("pinch", at: .spanChanged(atLeast: pinchHysteresis), "span changed by 1"),
            .gets("photo", "cancelled", [1, 2], at: .spanChanged(atLeast: pinchHysteresis)),
            .fails("twoFingerTap", at: .spanChanged(atLeast: pinchHysteresis), "excluded by pinch"),
            .begins("rotation", at: .turned(atLeast: rotationThreshold)), .never("pan", "began"),
            .ends("pinch", at: .lastLift, "all touches lifted"),
        ]
        facts["rotation@photo-viewer"] = [
            .fails("doubleTap", at: .landing(2), "a second touch landed"),
            .begins("rotation", at: .turned(atLeast: rotationThreshold), "rotated by"),
            .gets("photo", "cancelled", [1, 2], at: .turned(atLeast: rotationThreshold)),
            .fails("twoFingerTap", at: .turned(atLeast: rotationThreshold), "excluded by rotation"),
            .never("pinch", "began"), .never("pan", "began"), .ends("rotation", at: .lastLift, "all touches lifted"),
        ]
        facts["two-finger-tap@photo-viewer"] = [
            .fails("singleTap", at: .landing(2), "a second touch landed"),
            .fails("doubleTap", at: .landing(2), "a second touch landed"),
            .recognizes("twoFingerTap", at: .lift(2), "1 tap of 2 touches"),
            .gets("photo", "cancelled", [1, 2], at: .lift(2)), .neverGets("photo", "ended"),
        ]
        facts["edge-pan@drawing-canvas"] = [
            .begins("edgeSwipe", at: .moved(1, atLeast: panHysteresis, axis: .x), "away from the left edge"),
            .gets("canvas", "cancelled", [1], at: .moved(1, atLeast: panHysteresis, axis: .x)),
            .fails("menuPress", at: .strayed(1, beyond: allowableMovement), "> 10 pt"), .never("menuPress", "began"),
            .ends("edgeSwipe", at: .lift(1), "all touches lifted"),
        ]
        // Real recordings.
        facts["wacom-isdv4-e6-ts__1finger-tap@button-list"] = [
            .fails("list.pan", at: .lift(1), "lifted before recognition"),
            .gets("row2", "began", [1], at: .lift(1)), .gets("row2", "ended", [1], at: .lift(1)),
            .sends("row2", "touchUpInside", times: 1),
        ]
        facts["wacom-isdv4-e6-ts__1finger-double-tap@photo-viewer"] = [
            .waits("singleTap", for: "doubleTap", at: .lift(1)),
            .recognizes("doubleTap", at: .lift(2), "2 taps of 1 touch"),
            .fails("singleTap", at: .lift(2), "doubleTap recognized"), .never("singleTap", "recognized"),
            .gets("photo", "cancelled", [1, 2], at: .lift(2)),
        ]
        facts["wacom-isdv4-e6-ts__2finger-tap@photo-viewer"] = [
            .fails("singleTap", at: .landing(2), "a second touch landed"),
            .fails("doubleTap", at: .landing(2), "a second touch landed"),
            .recognizes("twoFingerTap", at: .lift(2), "1 tap of 2 touches"),
            .gets("photo", "cancelled", [1, 2], at: .lift(2)),
        ]
        facts["wacom-isdv4-e6-ts__2finger-tap-staggered-release@drawing-canvas"] = [
            .fails("menuPress", at: .landing(2), "a second touch landed"), .never("menuPress", "began"),
            .gets("canvas", "ended", [1], at: .lift(1)), .gets("canvas", "ended", [2], at: .lift(2)),
            .neverGets("canvas", "cancelled"),
        ]
        facts["wacom-isdv4-e6-ts__1finger-pan-down@button-list"] = [
            .begins("list.pan", at: .moved(1, atLeast: panHysteresis, axis: .y), "in y"),
            .discarded("row0", [1], by: "list.pan", at: .moved(1, atLeast: panHysteresis, axis: .y)),
            .neverGets("row0", "began"), .ends("list.pan", at: .lift(1), "all touches lifted"),
        ]
        facts["wacom-isdv4-e6-ts__1finger-swipe-right@default"] = [
            .waits("pan", for: "swipe", at: .moved(1, atLeast: panHysteresis)),
            .recognizes("swipe", at: .moved(1, atLeast: defaultSceneSwipeMinimum, axis: .x), "swiped right"),
            .fails("pan", at: .moved(1, atLeast: defaultSceneSwipeMinimum, axis: .x), "swipe recognized"), .never("pan", "began"),
        ]
        facts["wacom-isdv4-e6-ts__2finger-pan-down@photo-viewer"] = [
            .fails("singleTap", at: .landing(2), "a second touch landed"),
            .begins("pan", at: .pairMoved(atLeast: panHysteresis), "in y"),
            .gets("photo", "cancelled", [1, 2], at: .pairMoved(atLeast: panHysteresis)),
            .fails("twoFingerTap", at: .pairMoved(atLeast: panHysteresis), "excluded by pan"),
            .begins("rotation", at: .turned(atLeast: rotationThreshold)),
            .begins("pinch", at: .spanChanged(atLeast: pinchHysteresis)),
            .ends("pan", at: .lastLift, "all touches lifted"),
        ]
        // Nine quick taps: every one fails the scroll view's pan at its lift; eight land on row2 (held back, then
        // delivered whole at the lift), the eighth lands between rows on the scroll view itself.
        var fastTaps: [GoldenFact] = (1...9).map { .fails("list.pan", at: .lift($0), "lifted before recognition") }
        for n: UInt64 in [1, 2, 3, 4, 5, 6, 7, 9] {
            fastTaps += [.gets("row2", "began", [n], at: .lift(n)), .gets("row2", "ended", [n], at: .lift(n))]
        }
        fastTaps += [
            .gets("list", "began", [8], at: .landing(8)), .gets("list", "ended", [8], at: .lift(8)),
            .sends("row2", "touchUpInside", times: 8), .never("list.pan", "began"),
        ]
        facts["atmel-maxtouch-ts__1finger-fast-taps-x9@button-list"] = fastTaps
        facts["atmel-maxtouch-ts__2finger-touch-release@drawing-canvas"] = [
            .fails("menuPress", at: .landing(2), "a second touch landed"), .never("menuPress", "began"),
            .never("edgeSwipe", "began"), .gets("canvas", "ended", [2], at: .lift(2)),
            .gets("canvas", "ended", [1], at: .lift(1)),
        ]
        facts["atmel-maxtouch-ts__4finger-swipe-down@drawing-canvas"] = [
            // #2 and #3 land in one frame: three touches for a one-touch long press.
            .fails("menuPress", at: .landing(3), "a third touch landed"), .never("menuPress", "began"),
            .never("edgeSwipe", "began"), .gets("canvas", "began", [2, 3], at: .landing(3)),
            .gets("canvas", "began", [4], at: .landing(4)), .neverGets("canvas", "cancelled"),
            .gets("canvas", "ended", [2], at: .lift(2)),
        ]
        facts["ep0430m09-ts__2finger-pan-vertical@photo-viewer"] = [
            .fails("doubleTap", at: .landing(2), "a second touch landed"),
            .begins("pan", at: .pairMoved(atLeast: panHysteresis), "in y"),
            .gets("photo", "cancelled", [1, 2], at: .pairMoved(atLeast: panHysteresis)),
            .begins("rotation", at: .turned(atLeast: rotationThreshold)),
            // Spec §6.6 rule 1: d0 is the span when the second touch lands. #1 moves in that same frame, so d0 is
            // measured from #1's new location (472.21 pt, not 473.14 pt from before the move).
            .begins("pinch", at: .spanChanged(atLeast: pinchHysteresis)),
            .ends("pan", at: .lastLift, "all touches lifted"),
        ]
        facts["quanta-optical-ts__1finger-long-press@drawing-canvas"] = [
            .fails("menuPress", at: .strayed(1, beyond: allowableMovement), "> 10 pt"), .never("menuPress", "began"),
            .gets("canvas", "ended", [1], at: .lift(1)), .neverGets("canvas", "cancelled"),
        ]
        facts["quanta-optical-ts__1finger-press-left-edge@drawing-canvas"] = [
            .fails("edgeSwipe", at: .landing(1), "84.62 pt from the nearest edge > 20 pt"),
            .begins("menuPress", at: .after(.landing(1), longPressDuration), "held for 0.5 s"),
            .gets("canvas", "cancelled", [1], at: .after(.landing(1), longPressDuration)),
            .ends("menuPress", at: .lift(1), "a touch lifted"),
        ]
        // Eleven taps, each held longer than the scroll view's 0.15 s content delay: the row gets began when the
        // delay passes, then the pan fails at the lift and the row gets ended.
        var slowTaps: [GoldenFact] = [.sends("row5", "touchUpInside", times: 9), .sends("row4", "touchUpInside", times: 2)]
        let rows = [5, 5, 5, 5, 4, 5, 5, 5, 4, 5, 5]
        for n: UInt64 in 1...11 {
            let row = "row\(rows[Int(n) - 1])"
            slowTaps += [
                .gets(row, "began", [n], at: .after(.landing(n), contentDelay)),
                .fails("list.pan", at: .lift(n), "lifted before recognition"), .gets(row, "ended", [n], at: .lift(n)),
            ]
        }
        facts["wetab-egalax-ts__1finger-taps-x11@button-list"] = slowTaps
        facts["egalax-empia-pcap-ts__1finger-tap@button-list"] = [
            .gets("list", "began", [1], at: .landing(1)), .gets("list", "ended", [1], at: .lift(1)),
            .fails("list.pan", at: .lift(1), "lifted before recognition"),
            .neverGets("row0", "began"), .neverGets("row1", "began"),
        ]
        facts["ntrig-multitouch-ts__typeA-2finger-touch-release@drawing-canvas"] = [
            .begins("menuPress", at: .after(.landing(1), longPressDuration), "held for 0.5 s"),
            .gets("canvas", "cancelled", [1], at: .after(.landing(1), longPressDuration)),
            .gets("canvas", "began", [2], at: .landing(2)),
            .ends("menuPress", at: .lift(1), "a touch lifted"), .gets("canvas", "ended", [2], at: .lift(2)),
        ]
        facts["wacom-cintiq13hd-ts__1finger-short-drag@button-list"] = [
            .begins("list.pan", at: .moved(1, atLeast: panHysteresis, axis: .y), "in y"),
            .discarded("row2", [1], by: "list.pan", at: .moved(1, atLeast: panHysteresis, axis: .y)),
            .neverGets("row2", "began"), .ends("list.pan", at: .lift(1), "all touches lifted"),
        ]
        return facts
    }()
}
