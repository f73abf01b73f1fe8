/// An object that owns a root view and sits in the responder chain between that view and the view's
/// superview or window, as `UIViewController` (spec §4.7).
///
/// The responder chain follows Apple's "Using responders and the responder chain": a controller's root view
/// has the controller as its ``Responder/next``; the controller's own `next` is the controller that presented
/// it (``presentingViewController``), otherwise its view's superview — the window for a window's root view
/// controller, the parent's view (or wherever the child's view was placed) for a child view controller.
open class ViewController: Responder {
    /// The root view. Setting it makes the controller the root view's ``Responder/next``.
    public var view: View {
        didSet {
            if oldValue.owningViewController === self { oldValue.owningViewController = nil }
            view.owningViewController = self
        }
    }

    /// The controller this one is a child of (``addChild(_:)``), or `nil`.
    public private(set) weak var parent: ViewController?
    /// The child view controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The controller this one presents (``present(_:animated:completion:)``), or `nil`.
    public private(set) var presentedViewController: ViewController?
    /// The controller that presents this one — for a child, the one that presents its parent (as in UIKit) —
    /// or `nil`.
    public var presentingViewController: ViewController? { presenter ?? parent?.presentingViewController }
    /// The controller that presents this one itself (not through a parent).
    private weak var presenter: ViewController?

    /// Creates a controller that owns `view`.
    public init(view: View = View()) {
        self.view = view
        super.init()
        view.owningViewController = self
    }

    /// The presenting controller when this one is presented; otherwise the root view's superview (for the
    /// window's root view controller, that is the window; for a child, the view its view was added to), spec
    /// §4.7.
    open override var next: Responder? {
        if let presenter { return presenter }
        return view.superview
    }

    // MARK: Child view controllers

    /// Makes `child` a child of this controller, as `UIViewController.addChild(_:)`: calls
    /// ``willMove(toParent:)`` on it (removing it from a previous parent first). As in UIKit, adding the child's
    /// view to a view of this controller, and calling `child.didMove(toParent: self)`, are up to the caller.
    public func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
        if child.parent != nil { child.removeFromParent() }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent, as `UIViewController.removeFromParent()`: calls
    /// ``didMove(toParent:)`` with `nil`. Removing the view from its superview (and calling
    /// `willMove(toParent: nil)` first) is up to the caller, as in UIKit.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent (`nil`). The default does nothing.
    open func willMove(toParent parent: ViewController?) {}

    /// Called after the controller was added to or removed from a parent (`nil`). The default does nothing.
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Presentation

    /// Presents `viewController` over this controller's window, as `UIViewController.present(_:animated:
    /// completion:)` with a full-screen presentation: its view fills the window, in front of every other view,
    /// and its ``Responder/next`` is this controller (spec §4.7), so touches it does not handle travel to the
    /// presenting controller, then to its view's superview and the window.
    ///
    /// There is no animation (`animated` is accepted for ported code and ignored) and `completion` runs before
    /// the method returns. As in UIKit, nothing happens when this controller already presents one, when
    /// `viewController` is already presented, or when this controller's view is in no window.
    public func present(_ viewController: ViewController, animated: Bool = false, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, viewController.presenter == nil,
            viewController !== self, let window = view.window
        else { return }
        presentedViewController = viewController
        viewController.presenter = self
        viewController.view.frame = window.bounds
        window.addSubview(viewController.view)
        completion?()
    }

    /// Dismisses the controller this one presents — or, when it presents none, the one presenting it dismisses
    /// it — as `UIViewController.dismiss(animated:completion:)`. Controllers presented by the dismissed one are
    /// dismissed with it. Its view leaves the window (touches still in it keep being delivered until they end).
    /// `completion` runs before the method returns; with nothing to dismiss nothing happens.
    public func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        let owner = presentedViewController != nil ? self : presentingViewController
        guard let owner, let presented = owner.presentedViewController else { return }
        if presented.presentedViewController != nil { presented.dismiss(animated: animated) }
        owner.presentedViewController = nil
        presented.presenter = nil
        if presented.view.superview != nil { presented.view.removeFromSuperview() }
        completion?()
    }
}
