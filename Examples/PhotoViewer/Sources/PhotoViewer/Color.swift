/// An 8-bit RGBA colour, as the renderer draws it.
struct Color: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8 = 255

    /// The colour with its alpha multiplied by `opacity` (0…1).
    func withOpacity(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * min(max(opacity, 0), 1)).rounded())
        return copy
    }

    static let background = Color(red: 24, green: 26, blue: 32)
    static let photoWell = Color(red: 40, green: 43, blue: 52)
    static let toolbar = Color(red: 52, green: 56, blue: 68)
    /// A toolbar or menu button at rest.
    static let button = Color(red: 84, green: 92, blue: 112)
    /// A button while pressed (`isHighlighted`): the test looks for this colour during a press.
    static let buttonHighlighted = Color(red: 255, green: 160, blue: 0)
    static let menu = Color(red: 236, green: 238, blue: 242)
    static let menuItem = Color(red: 200, green: 206, blue: 218)
    static let text = Color(red: 240, green: 240, blue: 240)
    static let darkText = Color(red: 30, green: 30, blue: 40)
    static let hud = Color(red: 0, green: 0, blue: 0, alpha: 150)
    /// The touch markers drawn where fingers are down (the app shows its input, as a kiosk's debug overlay).
    static let touchMarker = Color(red: 255, green: 255, blue: 255, alpha: 90)
}
