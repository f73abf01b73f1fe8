import TactileUIKit

// STAND-INS, NOT TOUCH CODE. UIKit's device object, which Tactile does not have: just the notification
// ImageScrollView observes. Nothing here is ported code.

/// Stands in for UIKit's `UIDevice`: only the name of the notification posted when the device's orientation
/// changes (a test posts it).
public enum UIDevice {
    /// Stands in for `UIDevice.orientationDidChangeNotification`.
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
}
