import RealModule

// Elementary functions come from swift-numerics, so the core imports no C library.
@usableFromInline func _sin(_ x: Double) -> Double { Double.sin(x) }
@usableFromInline func _cos(_ x: Double) -> Double { Double.cos(x) }
@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double { Double.atan2(y: y, x: x) }
