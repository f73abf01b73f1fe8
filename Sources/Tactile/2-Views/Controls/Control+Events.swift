extension Control {
    /// The touch events a control sends actions for, as `UIControl.Event` (spec §4.9); the raw values are
    /// UIKit's.
    ///
    /// Named `Events`, not `Event` as in UIKit: a nested `Control.Event` would shadow the touch ``Tactile/Event``
    /// inside every `Control` subclass, so that `override func touchesBegan(_ touches: Set<Touch>, with event:
    /// Event)` would not compile there. Code that writes `.touchUpInside` ports unchanged.
    ///
    /// When a control sends several events at once they are sent in the order of their raw values
    /// (``touchDown`` before ``touchDownRepeat``, ``touchDragInside`` before ``touchDragEnter``).
    public struct Events: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// UIKit's bit mask of the events.
        public let rawValue: UInt

        /// Creates a set of events from UIKit's raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch began in the control and the control tracks it.
        public static let touchDown = Events(rawValue: 1 << 0)
        /// A touch with a ``Touch/tapCount`` above 1 began in the control (sent after ``touchDown``).
        public static let touchDownRepeat = Events(rawValue: 1 << 1)
        /// The tracked touch moved and is inside (the bounds grown by ``Control/trackingSlop``).
        public static let touchDragInside = Events(rawValue: 1 << 2)
        /// The tracked touch moved and is outside (the bounds grown by ``Control/trackingSlop``).
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        /// The tracked touch moved from outside to inside.
        public static let touchDragEnter = Events(rawValue: 1 << 4)
        /// The tracked touch moved from inside to outside.
        public static let touchDragExit = Events(rawValue: 1 << 5)
        /// The tracked touch lifted inside.
        public static let touchUpInside = Events(rawValue: 1 << 6)
        /// The tracked touch lifted outside.
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        /// The tracked touch was cancelled (by the system, by a recognizer, or by disabling the control).
        public static let touchCancel = Events(rawValue: 1 << 8)

        /// The control's value changed: a custom control (a slider, a stepper) sends it with
        /// ``Control/sendActions(for:)``; ``Control`` itself never does.
        public static let valueChanged = Events(rawValue: 1 << 12)
        /// The control's primary action fired (UIKit's buttons send it with `touchUpInside`); a custom control
        /// sends it with ``Control/sendActions(for:)``; ``Control`` itself never does.
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)

        /// Editing began in a text-entry control (UIKit's `editingDidBegin`, 1 << 16); a custom control sends it
        /// with ``Control/sendActions(for:)``; ``Control`` itself never does.
        public static let editingDidBegin = Events(rawValue: 1 << 16)
        /// The text of a text-entry control changed (`editingChanged`, 1 << 17); sent by the control.
        public static let editingChanged = Events(rawValue: 1 << 17)
        /// Editing ended in a text-entry control (`editingDidEnd`, 1 << 18); sent by the control.
        public static let editingDidEnd = Events(rawValue: 1 << 18)
        /// Editing ended with the return key (`editingDidEndOnExit`, 1 << 19); sent by the control.
        public static let editingDidEndOnExit = Events(rawValue: 1 << 19)

        /// All of the touch events above.
        public static let allTouchEvents = Events(rawValue: 0x1FF)
        /// All of the editing events above (`allEditingEvents`, `0x000F_0000`).
        public static let allEditingEvents = Events(rawValue: 0x000F_0000)
        /// Every event (as `UIControl.Event.allEvents`).
        public static let allEvents = Events(rawValue: 0xFFFF_FFFF)

        /// The names of the single events, lowest raw value first.
        private static let names: [(Events, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
            (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
            (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
            (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
            (.primaryActionTriggered, "primaryActionTriggered"), (.editingDidBegin, "editingDidBegin"),
            (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
            (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]

        /// The single events this set contains, lowest raw value first.
        public var elements: [Events] {
            var result: [Events] = []
            forEachElement { result.append($0) }
            return result
        }

        /// Calls `body` with each single event of the set, lowest raw value first, without allocating.
        func forEachElement(_ body: (Events) -> Void) {
            var remaining = rawValue
            while remaining != 0 {
                let bit = remaining & (~remaining &+ 1)
                body(Events(rawValue: bit))
                remaining &= ~bit
            }
        }

        /// The event names joined by `+`, e.g. `touchDragInside+touchDragEnter`; unnamed bits in hex.
        public var description: String {
            if rawValue == 0 { return "none" }
            return elements.map { event in
                Self.names.first { $0.0 == event }?.1 ?? "0x" + String(event.rawValue, radix: 16)
            }.joined(separator: "+")
        }
    }
}
