/// An object that owns a root view and sits in the responder chain between that view and the view's
/// superview or window, as `UIViewController` (spec §4.7).
///
/// The responder chain follows Apple's "Using responders and the responder chain": a controller's root view
/// has the controller as its ``Responder/next``; the controller's own `next` is the controller that presented
/// it (``presentingViewController``), otherwise its view's superview — the window for a window's root view
/// controller, the parent's view (or wherever the child's view was placed) for a child view controller.
open class ViewController: Responder {
    /// The root view, loaded on first read, as `UIViewController.view`: the first read calls ``loadView()``, then
    /// ``viewDidLoad()``, before it returns. Setting it installs a view without loading (no ``viewDidLoad()``, as
    /// in UIKit) and makes the controller the view's ``Responder/next``.
    public var view: View {
        get {
            loadViewIfNeeded()
            return installedView
        }
        set {
            if loadState == .unloaded { loadState = .loaded }
            install(newValue)
        }
    }

    /// The view that ``view`` returns: the one given to ``init(view:)`` until ``loadView()`` installs another.
    private var installedView: View
    /// Where the controller is in loading its view.
    private var loadState = LoadState.unloaded
    private enum LoadState { case unloaded, loading, loaded }
    /// Whether the controller's view is in a shown window (between ``viewWillAppear(_:)`` and
    /// ``viewWillDisappear(_:)``).
    private var isAppeared = false

    /// Whether the view is loaded (``view`` was read, or set), as `UIViewController.isViewLoaded`. Reading this
    /// never loads it.
    public var isViewLoaded: Bool { loadState == .loaded }

    /// The view if it is loaded, otherwise `nil`, without loading it (`UIViewController.viewIfLoaded`).
    public var viewIfLoaded: View? { isViewLoaded ? installedView : nil }

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

    /// Creates a controller that owns `view` — like a controller made from a nib, its view exists already, and
    /// ``loadView()``'s default installs it at the first read of ``view``, followed by ``viewDidLoad()``. The
    /// controller is the view's ``Responder/next`` from now on.
    public init(view: View = View()) {
        installedView = view
        super.init()
        view.owningViewController = self
    }

    /// The presenting controller when this one is presented; otherwise the root view's superview (for the
    /// window's root view controller, that is the window; for a child, the view its view was added to), spec
    /// §4.7. Never loads the view.
    open override var next: Responder? {
        if let presenter { return presenter }
        return installedView.superview
    }

    // MARK: View life cycle

    /// Creates the controller's view, as `UIViewController.loadView()`: called once, by the first read of
    /// ``view``. Override it to assign ``view`` a view of your own, without calling `super` (as in UIKit); the
    /// default keeps the view given to ``init(view:)``. Never call it directly: read ``view`` or call
    /// ``loadViewIfNeeded()``.
    open func loadView() {}

    /// Called once, right after ``loadView()``, before the first read of ``view`` returns, as
    /// `UIViewController.viewDidLoad()`: the place for one-time set-up of the view (subviews, recognizers,
    /// delegates). The default does nothing.
    open func viewDidLoad() {}

    /// Loads the view now if it is not loaded (``loadView()`` then ``viewDidLoad()``), as
    /// `UIViewController.loadViewIfNeeded()`. Reading ``view`` inside ``loadView()`` returns the view installed
    /// so far and does not load again.
    public func loadViewIfNeeded() {
        guard loadState == .unloaded else { return }
        loadState = .loading
        loadView()
        loadState = .loaded
        viewDidLoad()
    }

    /// Called before the view is added to a shown window's hierarchy: when the controller becomes the
    /// ``Window/rootViewController`` of a window an application shows (or its window is added to one), and when
    /// it is presented. The default does nothing.
    open func viewWillAppear(_ animated: Bool) {}

    /// Called after the view was added to a shown window's hierarchy (after ``viewWillAppear(_:)``). The
    /// default does nothing.
    open func viewDidAppear(_ animated: Bool) {}

    /// Called before the view leaves a shown window: another root view controller replaces this one, its window
    /// leaves the application, or it is dismissed. The default does nothing.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Called after the view left the shown window (after ``viewWillDisappear(_:)``). The default does nothing.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Called right before the view's ``View/layoutSubviews()`` runs, in the layout pass. The default does
    /// nothing.
    open func viewWillLayoutSubviews() {}

    /// Called right after the view's ``View/layoutSubviews()`` ran, before its subviews are laid out. The default
    /// does nothing.
    open func viewDidLayoutSubviews() {}

    /// Makes `newView` the installed view and the controller its `next` (releasing the previous one's link).
    private func install(_ newView: View) {
        let old = installedView
        installedView = newView
        if old !== newView, old.owningViewController === self { old.owningViewController = nil }
        newView.owningViewController = self
    }

    /// Shows the loaded view in `container`, filling `frame`, between ``viewWillAppear(_:)`` and
    /// ``viewDidAppear(_:)`` when `appears` (the container's window is shown); with the plain move otherwise.
    func show(in container: View, frame: Rect, appears: Bool) {
        let view = self.view
        let appearing = appears && !isAppeared
        if appearing {
            isAppeared = true
            viewWillAppear(false)
        }
        view.frame = frame
        container.addSubview(view)
        if appearing { viewDidAppear(false) }
    }

    /// Takes the view out of its superview, between ``viewWillDisappear(_:)`` and ``viewDidDisappear(_:)`` when
    /// it had appeared.
    func hide() {
        guard let view = viewIfLoaded else { return }
        let disappears = isAppeared
        if disappears {
            isAppeared = false
            viewWillDisappear(false)
        }
        if view.superview != nil { view.removeFromSuperview() }
        if disappears { viewDidDisappear(false) }
    }

    /// The window of the view was shown (`true`: added to an application) or hidden: the appearance calls
    /// without moving the view.
    func windowVisibilityChanged(isShown: Bool) {
        guard viewIfLoaded != nil, isShown != isAppeared else { return }
        isAppeared = isShown
        if isShown {
            viewWillAppear(false)
            viewDidAppear(false)
        } else {
            viewWillDisappear(false)
            viewDidDisappear(false)
        }
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
        viewController.show(in: window, frame: window.bounds, appears: window.application != nil)
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
        presented.hide()
        completion?()
    }
}
