import TactileTesting
import TactileUIKit
import Testing

// A view controller written as UIKit view controllers are: `super` called in every life-cycle override, the
// view built in `loadView`, the set-up in `viewDidLoad`, a refresh in `viewWillAppear`. Compiled with the one
// import and driven by a tap through the public API.

/// A counter screen: a big button that counts taps, its title refreshed each time the screen appears.
final class CounterViewController: UIViewController {
    private(set) var events: [String] = []
    private(set) var taps = 0
    private(set) var counterButton: UIControl!

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
        events.append("loadView")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        counterButton = UIControl(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        counterButton.addAction(for: .touchUpInside) { [unowned self] _ in taps += 1 }
        view.addSubview(counterButton)
        events.append("viewDidLoad")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        events.append("viewWillAppear(window: \(view.window != nil))")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        events.append("viewDidAppear(window: \(view.window != nil))")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        counterButton.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }
}

@Suite("A UIViewController written for UIKit: loadView, viewDidLoad, appearance and layout in UIKit's order")
struct ViewControllerPortingTests {
    @Test("Set as the root of a shown window: loads once, appears, lays out, and its button counts a tap")
    func rootViewController() {
        let (_, window, player) = makeScreen()
        let controller = CounterViewController()
        #expect(!controller.isViewLoaded && controller.events.isEmpty, "nothing loads before the view is asked for")
        window.rootViewController = controller
        #expect(controller.events == [
            "loadView", "viewDidLoad", "viewWillAppear(window: false)", "viewDidAppear(window: true)",
        ])
        #expect(controller.view.frame == window.bounds)
        // The layout pass runs before the tap is dispatched: viewDidLayoutSubviews centres the button (made at the
        // top-left corner) under the finger first.
        player.play(.tap(at: CGPoint(x: 400, y: 300)))
        #expect(controller.counterButton.center == CGPoint(x: 400, y: 300))
        #expect(controller.taps == 1)
        #expect(controller.events.count == 4, "loaded and appeared once")
    }
}
