/// An object that owns a root view and sits in the responder chain between that view and the view's
/// superview or window, as `UIViewController` (spec §4.7).
open class ViewController: Responder {
    /// The root view. Setting it makes the controller the root view's ``Responder/next``.
    public var view: View {
        didSet {
            if oldValue.owningViewController === self { oldValue.owningViewController = nil }
            view.owningViewController = self
        }
    }

    /// Creates a controller that owns `view`.
    public init(view: View = View()) {
        self.view = view
        super.init()
        view.owningViewController = self
    }

    /// The root view's superview (for the window's root view controller, that is the window), spec §4.7.
    open override var next: Responder? { view.superview }
}
