// UIKit's views are `NSObject`s, so UIKit code compares them with `==` (`hitView == self`): identity. Until the
// core's views are `Equatable` by identity themselves (issue 37's core side), the face compares optional
// responders by identity; a non-optional comparison picks the core's conformance once it has one.

/// Whether the two responders are the same object (or both `nil`), as `==` on UIKit's `NSObject` views.
public func == (lhs: Responder?, rhs: Responder?) -> Bool { lhs === rhs }

/// Whether the two responders are different objects, as `!=` on UIKit's `NSObject` views.
public func != (lhs: Responder?, rhs: Responder?) -> Bool { lhs !== rhs }
