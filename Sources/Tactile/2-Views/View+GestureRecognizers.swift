extension View {
    /// Attaches `gestureRecognizer` to the view (after the ones already attached); it receives the touches that
    /// begin in the view or its subviews from now on, before the views do (spec §4.2, §5.6).
    ///
    /// A recognizer attached to another view is removed from it first (see ``removeGestureRecognizer(_:)``);
    /// adding it to the view it is on does nothing. Touches already down are not given to it (spec §4.2
    /// step 2.4).
    public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        if gestureRecognizer.view === self { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizer.storage.value.indexOnView = gestureRecognizers.count
        gestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
        View.superviewChanges.add(1, ordering: .relaxed)  // ordering keys are stale (updateOrderKeys)
    }

    /// Detaches `gestureRecognizer` from the view; does nothing when it is not attached here.
    ///
    /// A recognizer removed while recognizing (`began`/`changed`) is cancelled (its action is sent with
    /// `cancelled`); one that is `possible` fails silently; either way it is reset and gets no more touches
    /// (spec §5.5).
    public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizer.stopTakingPart(.removed)
        // `stopTakingPart` may run a dispatch whose code changes the list: find the recognizer again.
        guard let index = gestureRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizers.remove(at: index)
        for later in gestureRecognizers[index...] { later.storage.value.indexOnView -= 1 }
        gestureRecognizer.view = nil
        View.superviewChanges.add(1, ordering: .relaxed)  // ordering keys are stale (updateOrderKeys)
    }

    /// The view and its descendants left their window: their recognizers stop taking part (spec §5.5).
    func recognizersLeftWindow() {
        for recognizer in gestureRecognizers { recognizer.stopTakingPart(.removed) }
    }
}
