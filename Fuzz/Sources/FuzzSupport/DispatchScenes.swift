import Foundation
import Tactile
import TactileReplay

/// A row of the scroll view in ``dispatchScenes(rows:)``: 200 × 60 points, named `row0`, `row1`, … from the top.
public enum DispatchSceneRow {
    /// A `button` (a control: the scroll view delays its touches).
    case button
    /// A plain `view` that handles touches.
    case view
}

/// The two scenes a dispatch fuzzer (FuzzDecoderDispatch, FuzzContactStream) chooses between with one bit of its
/// first byte, both 400 × 300 points: the default scene, and a scroll view of `rows` (900 points of content) beside
/// a multitouch canvas with delaying (`delaysTouchesBegan`), failure-requiring, long-press, non-cancelling pan and
/// simultaneous pinch recognizers.
public func dispatchScenes(rows: [DispatchSceneRow]) -> [Scene] {
    let rowViews = rows.enumerated().map { index, row in
        let frame = #""frame": {"x": 0, "y": \#(index * 60), "width": 200, "height": 60}"#
        return switch row {
        case .button: #"{"name": "row\#(index)", "kind": "button", \#(frame)}"#
        case .view: #"{"name": "row\#(index)", "kind": "view", "handlesTouches": true, \#(frame)}"#
        }
    }
    let delaying = #"""
    {"version": 1, "window": {"width": 400, "height": 300}, "views": [
      {"name": "list", "kind": "scrollView", "frame": {"x": 0, "y": 0, "width": 200, "height": 300},
       "contentSize": {"width": 200, "height": 900}, "subviews": [\#(rowViews.joined(separator: ", "))]},
      {"name": "canvas", "kind": "view", "handlesTouches": true, "multipleTouchEnabled": true,
       "frame": {"x": 200, "y": 0, "width": 200, "height": 300}, "recognizers": [
         {"name": "double", "kind": "tap", "taps": 2, "delaysTouchesBegan": true},
         {"name": "single", "kind": "tap", "requireToFail": ["double"]},
         {"name": "hold", "kind": "longPress", "minimumPressDuration": 0.3},
         {"name": "drag", "kind": "pan", "cancelsTouchesInView": false},
         {"name": "zoom", "kind": "pinch"}]}],
     "simultaneous": [["drag", "zoom"]]}
    """#
    return [
        Scene.defaultScene(screenSize: Size(width: 400, height: 300)),
        (try? Scene.decode(Data(delaying.utf8), file: "delaying.json")) ?? Scene.defaultScene(),
    ]
}

/// Where a dispatch fuzzer's clock starts: 1000 s, so that operations can step back in time from it.
public let fuzzStartTime = Timestamp(seconds: 1000, microseconds: 0)

extension CheckedScene {
    /// `scene` instantiated, with the ledgers attached; a ``violation(_:)`` when it does not build.
    public convenience init(building scene: Scene) {
        guard let instance = try? scene.instantiate() else { violation("the fuzz scene does not build") }
        self.init(instance)
    }
}
