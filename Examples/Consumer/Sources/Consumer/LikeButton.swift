import Tactile

/// A user's scene: a 400 × 800 window with a card that a double tap likes and a single tap opens (the single tap
/// waits for the double tap to fail, as in UIKit). On the main actor, as the views it makes.
@MainActor
public func makeCardScene() -> Application {
    let application = Application()
    let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let card = View(name: "card", frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let like = TapGestureRecognizer()
    like.name = "like"
    like.numberOfTapsRequired = 2
    let open = TapGestureRecognizer()
    open.name = "open"
    open.require(toFail: like)
    card.addGestureRecognizer(open)
    card.addGestureRecognizer(like)
    window.addSubview(card)
    application.addWindow(window)
    return application
}
