import Testing
import Tactile

// The view controller's life cycle as UIKit documents it (issue 37): `view` loads on first read (loadView, then
// viewDidLoad, before the read returns), the appearance calls around the root view's arrival in a shown window,
// and the layout calls around the root view's layoutSubviews. Written as app controllers are written.

/// A controller that records every life-cycle call, with what it saw of its view at that moment.
private final class JournalController: ViewController {
    var journal: [String] = []
    var customView: View?

    override func loadView() {
        journal.append("loadView")
        if let customView { view = customView }
    }

    override func viewDidLoad() {
        journal.append("viewDidLoad(loaded: \(isViewLoaded))")
        let label = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        label.name = "label"
        view.addSubview(label)
    }

    override func viewWillAppear(_ animated: Bool) {
        journal.append("viewWillAppear(in window: \(viewIfLoaded?.window != nil))")
    }
    override func viewDidAppear(_ animated: Bool) {
        journal.append("viewDidAppear(in window: \(viewIfLoaded?.window != nil))")
    }
    override func viewWillDisappear(_ animated: Bool) {
        journal.append("viewWillDisappear(in window: \(viewIfLoaded?.window != nil))")
    }
    override func viewDidDisappear(_ animated: Bool) {
        journal.append("viewDidDisappear(in window: \(viewIfLoaded?.window != nil))")
    }
    override func viewWillLayoutSubviews() { journal.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { journal.append("viewDidLayoutSubviews") }
}

/// A root view that records its layout into its controller's journal.
private final class JournalView: View {
    weak var controller: JournalController?
    override func layoutSubviews() { controller?.journal.append("layoutSubviews") }
}

/// A 320 × 480 window, shown (added to the application, which the caller keeps alive).
private func shownWindow() -> (Application, Window) {
    let application = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    application.addWindow(window)
    return (application, window)
}

@Suite("The view controller's life cycle, in UIKit's order")
struct ViewControllerLifeCycleTests {
    @Test("The first read of view calls loadView then viewDidLoad, before it returns; later reads call nothing")
    func loadsOnFirstRead() {
        let controller = JournalController()
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil && controller.journal.isEmpty)
        let view = controller.view
        #expect(controller.journal == ["loadView", "viewDidLoad(loaded: true)"])
        #expect(view.subviews.map(\.name) == ["label"], "viewDidLoad's set-up is done when the read returns")
        #expect(controller.isViewLoaded && controller.viewIfLoaded === view)
        _ = controller.view
        controller.loadViewIfNeeded()
        #expect(controller.journal.count == 2 && view.subviews.count == 1, "once")
    }

    @Test("isViewLoaded, viewIfLoaded and the responder chain never load the view")
    func readsThatDoNotLoad() {
        let controller = JournalController()
        _ = controller.isViewLoaded
        _ = controller.viewIfLoaded
        #expect(controller.next == nil)
        #expect(controller.journal.isEmpty && !controller.isViewLoaded)
    }

    @Test("loadView may install a view of its own: viewDidLoad and every later read see that one")
    func customLoadView() {
        let controller = JournalController()
        let custom = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        controller.customView = custom
        #expect(controller.view === custom)
        #expect(custom.subviews.count == 1 && custom.next === controller)
        #expect(controller.journal == ["loadView", "viewDidLoad(loaded: true)"])
    }

    @Test("The view given to init(view:) is the one loaded, as a nib's; its next responder is the controller")
    func initView() {
        let given = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let controller = JournalController(view: given)
        #expect(given.next === controller, "before loading too")
        #expect(controller.view === given && controller.journal.count == 2)
    }

    @Test("Setting view installs it without loading: no loadView, no viewDidLoad, as in UIKit")
    func settingView() {
        let controller = JournalController()
        let assigned = View()
        controller.view = assigned
        #expect(controller.isViewLoaded && controller.view === assigned)
        #expect(controller.journal.isEmpty && assigned.subviews.isEmpty)
    }

    @Test("A root view controller of a shown window: viewDidLoad, viewWillAppear, added, viewDidAppear, layout")
    func rootOfShownWindow() {
        let (application, window) = shownWindow()
        #expect(window.application === application)
        let root = JournalView()
        let controller = JournalController(view: root)
        root.controller = controller
        window.rootViewController = controller
        #expect(controller.journal == [
            "loadView", "viewDidLoad(loaded: true)",
            "viewWillAppear(in window: false)", "viewDidAppear(in window: true)",
        ])
        #expect(root.frame == window.bounds && root.superview === window)
        controller.journal.removeAll()
        window.layoutIfNeeded()
        #expect(controller.journal == ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"])
        controller.journal.removeAll()
        window.rootViewController = controller
        #expect(controller.journal.isEmpty, "set again: it already appeared")
    }

    @Test("A window not shown yet: the view loads when set, appears when the window is added, disappears when removed")
    func windowShownLater() {
        let application = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let controller = JournalController()
        window.rootViewController = controller
        #expect(controller.journal == ["loadView", "viewDidLoad(loaded: true)"])
        application.addWindow(window)
        #expect(controller.journal.suffix(2) == ["viewWillAppear(in window: true)", "viewDidAppear(in window: true)"])
        application.addWindow(window)  // already shown: brought to the front only
        #expect(controller.journal.count == 4)
        application.removeWindow(window)
        #expect(controller.journal.suffix(2) == [
            "viewWillDisappear(in window: true)", "viewDidDisappear(in window: true)",
        ])
        #expect(controller.journal.count == 6)
    }

    @Test("Replacing the root view controller: the old one disappears around its view's removal, the new appears")
    func replacingRoot() {
        let (application, window) = shownWindow()
        #expect(window.application === application)
        let first = JournalController()
        let second = JournalController()
        window.rootViewController = first
        first.journal.removeAll()
        window.rootViewController = second
        #expect(first.journal == ["viewWillDisappear(in window: true)", "viewDidDisappear(in window: false)"])
        #expect(second.journal.suffix(2) == ["viewWillAppear(in window: false)", "viewDidAppear(in window: true)"])
        #expect(first.view.superview == nil && window.subviews.map { $0 === second.view } == [true])
    }

    @Test("A presented controller appears when presented and disappears when dismissed")
    func presentation() {
        let (application, window) = shownWindow()
        #expect(window.application === application)
        let root = JournalController()
        window.rootViewController = root
        let sheet = JournalController()
        root.present(sheet)
        #expect(sheet.journal == [
            "loadView", "viewDidLoad(loaded: true)",
            "viewWillAppear(in window: false)", "viewDidAppear(in window: true)",
        ])
        sheet.journal.removeAll()
        sheet.dismiss()
        #expect(sheet.journal == ["viewWillDisappear(in window: true)", "viewDidDisappear(in window: false)"])
    }
}
