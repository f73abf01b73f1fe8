import Tactile

extension Scene {
    /// Builds the live objects: an `Application` with one window of ``windowSize`` at the screen's origin,
    /// the view tree in file order (back to front), the recognizers with their failure requirements and the
    /// simultaneous pairs.
    ///
    /// Plain views are built as views that forward their touches (or keep them, with `handlesTouches`),
    /// controls as `Control`, scroll views as `ScrollView` (its pan is named `NAME.pan`). Recognizers are
    /// attached in file order; `requireToFail` calls `require(toFail:)` in the listed order; the simultaneous
    /// pairs are answered by one delegate that the instance keeps alive. The delivery log names each view and
    /// recognizer by its scene name.
    ///
    /// - Throws: ``SceneError`` when the failure requirements form a cycle (names are checked when decoding).
    @preconcurrency @MainActor public func instantiate() throws(SceneError) -> SceneInstance {
        // No names: the window and the application are logged as `window` and `application`, as an app's unnamed
        // ones are (`Responder.logName`).
        let application = Application()
        let window = Window(frame: Rect(origin: .zero, size: windowSize))
        application.addWindow(window)
        var builder = Builder()
        for spec in views {
            window.addSubview(builder.makeView(spec))
        }
        var retained: [AnyObject] = builder.zoomDelegates
        for (spec, recognizer) in builder.built {
            for (index, name) in spec.requireToFail.enumerated() {
                guard let other = builder.recognizers[name] else { continue }
                if let cycle = recognizer.require(toFail: other) {
                    throw SceneError(
                        file: file, path: "\(spec.path).requireToFail[\(index)]",
                        reason: "requiring \"\(name)\" to fail closes the cycle \(cycle.recognizers.joined(separator: " → "))")
                }
            }
        }
        let pairs = simultaneous.compactMap { pair in
            builder.recognizers[pair.first].flatMap { first in builder.recognizers[pair.second].map { (first, $0) } }
        }
        if !pairs.isEmpty { retained.append(SimultaneousPairsDelegate(pairs: pairs)) }
        return SceneInstance(
            scene: self, application: application, window: window, views: builder.views,
            recognizers: builder.recognizers, retained: retained)
    }

    /// Builds the view tree, collecting views and recognizers by name.
    private struct Builder {
        let factory = RecognizerFactory()
        var views: [String: View] = [:]
        var recognizers: [String: GestureRecognizer] = [:]
        /// Recognizers built, with their specs, in tree order.
        var built: [(spec: RecognizerSpec, recognizer: GestureRecognizer)] = []
        /// The delegates that name the zooming scroll views' zoom views (the instance keeps them alive).
        var zoomDelegates: [SceneZoomDelegate] = []

        @MainActor mutating func makeView(_ spec: ViewSpec) -> View {
            let view: View
            var scrollSpec: ScrollViewSpec?
            switch spec.kind {
            case .view(let handlesTouches):
                view = SceneView(handlesTouches: handlesTouches)
            case .control(let isEnabled):
                let control = Control(frame: .zero)
                control.isEnabled = isEnabled
                view = control
            case .scrollView(let properties):
                view = factory.makeScrollView(properties, name: spec.name)
                scrollSpec = properties
            }
            view.name = spec.name
            switch spec.geometry {
            case .frame(let frame):
                view.frame = frame
            case .layout(let bounds, let center, let transform):
                view.bounds = bounds
                view.center = center
                view.transform = transform
            }
            if let scrollView = view as? ScrollView, let scrollSpec {
                scrollView.contentSize = scrollSpec.contentSize ?? scrollView.bounds.size
                scrollView.contentOffset = scrollSpec.contentOffset
            }
            view.isHidden = spec.flags.isHidden
            view.alpha = spec.flags.alpha
            view.isUserInteractionEnabled = spec.flags.isUserInteractionEnabled
            view.isMultipleTouchEnabled = spec.flags.isMultipleTouchEnabled
            view.isExclusiveTouch = spec.flags.isExclusiveTouch
            view.clipsToBounds = spec.flags.clipsToBounds
            if let name = spec.name { views[name] = view }
            for subview in spec.subviews {
                view.addSubview(makeView(subview))
            }
            if let scrollView = view as? ScrollView, let name = scrollSpec?.zoomView, let zoomView = views[name] {
                let delegate = SceneZoomDelegate(zoomView: zoomView)
                scrollView.delegate = delegate
                zoomDelegates.append(delegate)
            }
            for recognizerSpec in spec.recognizers {
                let recognizer = factory.makeRecognizer(recognizerSpec)
                view.addGestureRecognizer(recognizer)
                built.append((recognizerSpec, recognizer))
                if let name = recognizerSpec.name { recognizers[name] = recognizer }
            }
            return view
        }
    }
}
