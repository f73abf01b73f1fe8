// A small example program until the replay tool exists: a window with a button and a drawing view,
// a synthetic tap on the button and a drag on the view, and the delivery log that results.
import Tactile

/// A view that handles its touches itself (overriding all four methods, as UIKit advises).
final class Canvas: View {
    private(set) var strokes = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { strokes += touches.count }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}
}

let application = Application()
application.deliveryObserver = { print($0) }

let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 400, height: 800))
application.addWindow(window)
let canvas = Canvas(name: "canvas", frame: Rect(x: 0, y: 200, width: 400, height: 600))
window.addSubview(canvas)
let button = Control(name: "button", frame: Rect(x: 100, y: 100, width: 200, height: 60))
button.addAction(for: .touchUpInside) { _ in print("         → button action: touchUpInside") }
window.addSubview(button)
let label = View(name: "label", frame: Rect(x: 20, y: 20, width: 360, height: 40))
window.addSubview(label)

func contact(_ id: UInt64, _ phase: TouchContact.Phase, _ x: Double, _ y: Double) -> TouchContact {
    TouchContact(id: TouchContact.ID(id), phase: phase, location: Point(x: x, y: y))
}
func at(_ ms: Int64) -> Timestamp { Timestamp(nanoseconds: ms * 1_000_000) }

print("# tap on the button")
application.send(TouchFrame(timestamp: at(0), contacts: [contact(1, .began, 150, 120)]))
application.send(TouchFrame(timestamp: at(80), contacts: [contact(1, .ended, 151, 121)]))

print("# drag on the canvas")
application.send(TouchFrame(timestamp: at(500), contacts: [contact(2, .began, 100, 400)]))
for step in 1...3 {
    let y = 400 + Double(step) * 12
    application.send(TouchFrame(timestamp: at(500 + Int64(step) * 16), contacts: [contact(2, .moved, 100, y)]))
}
application.send(TouchFrame(timestamp: at(600), contacts: [contact(2, .ended, 100, 436)]))

print("# touch on a plain label: forwarded up the responder chain")
application.send(TouchFrame(timestamp: at(900), contacts: [contact(3, .began, 50, 30)]))
application.send(TouchFrame(timestamp: at(950), contacts: [contact(3, .ended, 50, 30)]))
print("canvas strokes: \(canvas.strokes)")
