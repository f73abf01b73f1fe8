/// The root of a view tree, in screen points, as `UIWindow`.
///
/// A window belongs to the ``Application`` that it was added to; its ``Responder/next`` is that
/// application (spec §4.7). With several windows, touches are hit-tested front-most window first (highest
/// ``windowLevel``, then the most recently added), spec §3.4.
open class Window: View {
    /// A window without a ``Responder/name`` is logged as `window`, whatever its class (``Responder/logName``).
    override var unnamedLogName: String { "window" }

    /// The window's level: windows with a higher level are in front (default 0).
    public var windowLevel: Double = 0
    /// The application that owns the window, set when the window is added to it (which shows the window: its
    /// root view controller's view appears, see ``Application/addWindow(_:)``).
    public internal(set) weak var application: Application?

    /// Called by the application after ``application`` changed from `oldApplication`: a window added to an
    /// application is shown, one removed from it hidden, and its root view controller appears or disappears.
    func applicationChanged(from oldApplication: Application?) {
        guard (oldApplication == nil) != (application == nil) else { return }
        rootViewController?.windowVisibilityChanged(isShown: application != nil)
    }

    /// The root view controller; setting it loads the controller's view (``ViewController/viewDidLoad()``) and
    /// makes it fill the window as the window's subview. In a shown window (one added to an ``Application``),
    /// the new controller gets ``ViewController/viewWillAppear(_:)`` before its view is added and
    /// ``ViewController/viewDidAppear(_:)`` after, and the one it replaces ``ViewController/viewWillDisappear(_:)``
    /// and ``ViewController/viewDidDisappear(_:)`` around its view's removal, as in UIKit.
    public var rootViewController: ViewController? {
        didSet {
            if let old = oldValue, old !== rootViewController, old.viewIfLoaded?.superview === self { old.hide() }
            rootViewController?.show(in: self, frame: bounds, appears: application != nil)
        }
    }

    /// The application that owns the window (spec §4.7).
    open override var next: Responder? { application }

    /// Dispatches a touch event to the window's gesture recognizers and views, as `UIWindow.sendEvent(_:)`
    /// (spec §4.1): ``Application/sendEvent(_:)`` calls it for each window with a touch that changed in the event.
    ///
    /// The default delivers the window's own touches of the event — those hit-tested to it when they began, for
    /// their whole life — to their recognizers, settles the recognizers (with every window's: a recognizer may
    /// require one in another window to fail), then calls its views' touch methods (steps 3 to 5 of the
    /// pipeline). The event's ``Event/allTouches`` still holds every window's touches; only this window's are
    /// delivered here.
    ///
    /// Override it to observe every touch of the window — the classic idle timer resets itself here — and call
    /// `super`. An override that does not call `super` drops the event for this window only, as in UIKit; the
    /// other windows' touches are delivered by their own `sendEvent`. What a dropped event does to the window's
    /// touches:
    /// - a touch whose began is dropped never reaches a recognizer or view of the window (the log says
    ///   ``Delivery/IgnoreReason/eventDropped(window:)``); it stays in the event, so this method keeps seeing it;
    /// - a dropped move is simply not delivered: recognizers and views see the touch's next delivered location;
    /// - a touch whose end is dropped is cancelled: its recognizers and the view that had it get
    ///   `touchesCancelled`. UIKit leaves them waiting for an end that never comes; Tactile keeps its rule that
    ///   every touch that reached a responder ends or is cancelled exactly once, and a cancelled touch fires no
    ///   tap and no control action, which is what dropping a lift means.
    ///
    /// Calling it outside a dispatch, a second time in one, or on a window with no touch that changed does
    /// nothing.
    open func sendEvent(_ event: Event) {
        event.storage.value.dispatcher?.deliverEvent(event, in: self)
    }
}
