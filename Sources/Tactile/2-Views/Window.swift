/// The root of a view tree, in screen points, as `UIWindow`.
///
/// A window belongs to the ``Application`` that it was added to; its ``Responder/next`` is that
/// application (spec §4.7). With several windows, touches are hit-tested front-most window first (highest
/// ``windowLevel``, then the most recently added), spec §3.4.
open class Window: View {
    /// The window's level: windows with a higher level are in front (default 0).
    public var windowLevel: Double = 0
    /// The application that owns the window, set when the window is added to it.
    public internal(set) weak var application: Application?

    /// The root view controller; setting it makes its view fill the window as the window's subview.
    public var rootViewController: ViewController? {
        didSet {
            if let old = oldValue, old !== rootViewController, old.view.superview === self {
                old.view.removeFromSuperview()
            }
            if let controller = rootViewController {
                controller.view.frame = bounds
                addSubview(controller.view)
            }
        }
    }

    /// The application that owns the window (spec §4.7).
    open override var next: Responder? { application }

    /// Dispatches a touch event to the window's gesture recognizers and views, as `UIWindow.sendEvent(_:)`
    /// (spec §4.1): ``Application/sendEvent(_:)`` calls it for each window with a touch that changed in the event.
    ///
    /// Override it to observe every touch of the window — the classic idle timer resets itself here — and call
    /// `super`: the default delivers the event (step 3 to 5 of the pipeline: recognizers, arbitration, views;
    /// with touches in several windows the first window's `super` delivers them all). An override that does not
    /// call `super` stops delivery of the event, as in UIKit. Calling it outside a dispatch does nothing.
    open func sendEvent(_ event: Event) {
        event.dispatcher?.deliverEvent(event, in: self)
    }
}
