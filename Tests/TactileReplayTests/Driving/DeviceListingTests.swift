import Tactile
import Testing

@testable import TactileInput
@testable import TactileReplay

@Suite("Device listing")
struct DeviceListingTests {
    @Test("No touchscreen is a failure that says where it looked and why nodes could not be opened")
    func listingWithoutDevices() {
        let discovery = InputDevice.Discovery(
            touchscreens: [], problems: [.permissionDenied(path: "/dev/input/event4", group: "input")])
        let listing = DeviceListing(discovery, directory: "/dev/input")
        #expect(!listing.succeeded && listing.output.isEmpty)
        #expect(listing.errors.first?.contains("sudo usermod -aG input $USER") == true)
        #expect(listing.errors.last == "no touchscreen found in /dev/input (1 device could not be opened: see the permission warnings above)")
        let empty = DeviceListing(.init(touchscreens: [], problems: []), directory: "/nowhere")
        #expect(empty.errors == ["no touchscreen found in /nowhere"])
    }

    @Test("Touchscreens are listed one per line with their size")
    func listingDevices() {
        let screen = InputDevice.Touchscreen(path: "/dev/input/event5", deviceDescription: SyntheticTouchscreen.description)
        let listing = DeviceListing(.init(touchscreens: [screen], problems: []), directory: "/dev/input")
        #expect(listing.succeeded && listing.errors.isEmpty)
        #expect(listing.output == [#"/dev/input/event5: "Tactile Synthetic Touchscreen" (251×142 mm, \#(SyntheticTouchscreen.description.touchProtocol))"#])
    }
}
