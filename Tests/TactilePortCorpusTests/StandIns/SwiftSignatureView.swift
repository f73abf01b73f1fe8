import TactileUIKit

// STAND-INS, NOT TOUCH CODE. The SwiftSignatureView types (alankarmisra/SwiftSignatureView, MIT) that its
// LegacySwiftSignatureView uses: the protocol its two implementations share and its delegate, declared from the
// members the legacy view has and the calls it makes. The delegate's recording is the test's.

/// Stands in for SwiftSignatureView's `ISignatureView`.
public protocol ISignatureView: AnyObject {
    var signature: UIImage? { get }
    var isEmpty: Bool { get }
    func clear(cache: Bool)
    func undo()
    func redo()
    func getCroppedSignature() -> UIImage?
}

/// Stands in for SwiftSignatureView's `SwiftSignatureViewDelegate`.
public protocol SwiftSignatureViewDelegate: AnyObject {
    func swiftSignatureViewDidDrawGesture(_ view: ISignatureView, _ tap: UIGestureRecognizer)
}
