import Foundation
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

@Suite("libevdev names, devices and discovery")
struct InputDeviceTests {
    @Test("Type, code and property names translate both ways through libevdev")
    func namesBothWays() throws {
        #expect(EventType.absolute.name == "EV_ABS")
        #expect(EventType(name: "EV_KEY") == .key)
        #expect(EventType(name: "EV_NOPE") == nil)
        #expect(AbsoluteAxis.multitouchTrackingID.description == "ABS_MT_TRACKING_ID")
        #expect(AbsoluteAxis(name: "ABS_MT_SLOT") == .multitouchSlot)
        #expect(AbsoluteAxis(rawValue: 0x1d).description == "ABS_0x1d")
        #expect(Key.touch.description == "BTN_TOUCH")
        #expect(Key(name: "BTN_TOOL_QUINTTAP") == .toolQuintupleTap)
        #expect(SynchronizationCode.dropped.description == "SYN_DROPPED")
        #expect(DeviceProperty.direct.name == "INPUT_PROP_DIRECT")
        #expect(DeviceProperty(name: "INPUT_PROP_SEMI_MT") == .semiMultitouch)
        let doubleTap = try #require(EventCodeNames.typeAndCode(named: "BTN_TOOL_DOUBLETAP"))
        #expect(doubleTap.type == .key && doubleTap.code == 333)
        #expect(EventCodeNames.typeAndCode(named: "NOT_A_CODE") == nil)
        #expect(EventCodeNames.maximumCode(of: .absolute) == 0x3f)
        #expect(EventCodeNames.code(named: "SYN_MT_REPORT", type: .synchronization) == 2)
    }

    @Test("Every named constant agrees with libevdev's tables")
    func constantsMatchLibevdev() {
        let axes: [(AbsoluteAxis, String)] = [
            (.x, "ABS_X"), (.y, "ABS_Y"), (.z, "ABS_Z"), (.rotationX, "ABS_RX"), (.pressure, "ABS_PRESSURE"),
            (.multitouchSlot, "ABS_MT_SLOT"), (.multitouchTouchMajor, "ABS_MT_TOUCH_MAJOR"),
            (.multitouchTouchMinor, "ABS_MT_TOUCH_MINOR"), (.multitouchWidthMajor, "ABS_MT_WIDTH_MAJOR"),
            (.multitouchWidthMinor, "ABS_MT_WIDTH_MINOR"), (.multitouchOrientation, "ABS_MT_ORIENTATION"),
            (.multitouchPositionX, "ABS_MT_POSITION_X"), (.multitouchPositionY, "ABS_MT_POSITION_Y"),
            (.multitouchToolType, "ABS_MT_TOOL_TYPE"), (.multitouchBlobID, "ABS_MT_BLOB_ID"),
            (.multitouchTrackingID, "ABS_MT_TRACKING_ID"), (.multitouchPressure, "ABS_MT_PRESSURE"),
            (.multitouchDistance, "ABS_MT_DISTANCE"), (.multitouchToolX, "ABS_MT_TOOL_X"),
            (.multitouchToolY, "ABS_MT_TOOL_Y"),
        ]
        for (axis, name) in axes { #expect(AbsoluteAxis(name: name) == axis, "\(name)") }
        let keys: [(Key, String)] = [
            (.leftButton, "BTN_LEFT"), (.toolPen, "BTN_TOOL_PEN"), (.toolRubber, "BTN_TOOL_RUBBER"),
            (.toolFinger, "BTN_TOOL_FINGER"), (.toolQuintupleTap, "BTN_TOOL_QUINTTAP"), (.touch, "BTN_TOUCH"),
            (.toolDoubleTap, "BTN_TOOL_DOUBLETAP"), (.toolTripleTap, "BTN_TOOL_TRIPLETAP"),
            (.toolQuadrupleTap, "BTN_TOOL_QUADTAP"),
        ]
        for (key, name) in keys { #expect(Key(name: name) == key, "\(name)") }
        let types: [(EventType, String)] = [
            (.synchronization, "EV_SYN"), (.key, "EV_KEY"), (.relative, "EV_REL"), (.absolute, "EV_ABS"),
            (.miscellaneous, "EV_MSC"), (.switch, "EV_SW"), (.led, "EV_LED"), (.sound, "EV_SND"),
            (.autorepeat, "EV_REP"), (.forceFeedback, "EV_FF"), (.power, "EV_PWR"),
            (.forceFeedbackStatus, "EV_FF_STATUS"),
        ]
        for (type, name) in types { #expect(EventType(name: name) == type, "\(name)") }
        for property in 0...6 { #expect(DeviceProperty(rawValue: UInt16(property)).name != nil) }
    }

    @Test("A libevdev device built from a description reports the same device back")
    func deviceFromDescription() throws {
        let device = try InputDevice(description: handMadeTouchscreen)
        #expect(device.path == nil)
        #expect(device.name == handMadeTouchscreen.name)
        #expect(device.identity == handMadeTouchscreen.identity)
        #expect(device.hasProperty(.direct) && !device.hasProperty(.pointer))
        #expect(device.slotCount == 2)
        #expect(device.slotValue(slot: 1, axis: .multitouchTrackingID) == -1)
        #expect(device.axisInfo(.multitouchPositionX) == handMadeTouchscreen.axes[.multitouchPositionX])
        #expect(device.supports(.key, code: Key.touch.rawValue))
        #expect(device.deviceDescription == handMadeTouchscreen)
    }

    @Test(
        "libevdev agrees with Tactile's reading of the real descriptions",
        arguments: ["dell-canvas-27-ts__session-2-4-5-fingers.evemu", "synaptics-ps2-touchpad.desc", "elan-cando-ts.desc"])
    func realDescriptionsThroughLibevdev(_ name: String) throws {
        let description = try EvemuReader(path: SharedTraces.path(name)).deviceDescription
        let device = try InputDevice(description: description)
        #expect(device.slotCount == description.slotCount)
        let fromLibevdev = device.deviceDescription
        #expect(fromLibevdev.axes == description.axes)
        #expect(fromLibevdev.properties == description.properties)
        #expect(fromLibevdev.codes[.key] == description.codes[.key])
    }

    @Test("A device built from a description cannot be read or grabbed, and has no file descriptor")
    func descriptionCannotBeRead() throws {
        let device = try InputDevice(description: handMadeTouchscreen)
        // (An opened node's descriptor — open, non-blocking, closed with the device — is checked on a real kernel
        // device by Tests/CAPI/live-touchscreen.sh, through tactile_touchscreen_fd.)
        #expect(device.fileDescriptor == nil)
        #expect(throws: InputDeviceError.self) { try device.readEvent() }
        #expect(throws: InputDeviceError.self) { try device.grab() }
    }

    @Test("Opening a node that does not exist says so")
    func missingNode() {
        // A name in a new, empty folder: missing on every machine.
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-missing-\(UUID().uuidString)/event999").path
        #expect(throws: InputDeviceError.notFound(path: path)) { try InputDevice.open(path: path) }
    }

    @Test("Opening a file that is not an evdev device says so")
    func notEvdev() {
        #expect(throws: InputDeviceError.notAnEvdevDevice(path: "/dev/null")) { try InputDevice.open(path: "/dev/null") }
        let regular = Fixtures.temporaryFile("not a device", name: "event0")
        #expect(throws: InputDeviceError.notAnEvdevDevice(path: regular)) { try InputDevice.open(path: regular) }
    }

    @Test("Permission denied names the group that grants access")
    func permissionDenied() {
        let path = Fixtures.temporaryFile("x", name: "event3")
        let error = InputDeviceError(opening: path, errno: EACCES_)
        guard case .permissionDenied(_, let group) = error else {
            Issue.record("expected permissionDenied, got \(error)")
            return
        }
        #expect(group != nil)
        if group == "root" {
            // Running as root, the temporary file's group is root: never advise joining it (issue 26).
            #expect(!error.description.contains("group 'root' ("), "\(error)")
            #expect(error.description.contains("run as root (sudo)") && error.description.contains("GROUP=\"input\""))
        } else {
            #expect(error.description.contains("add your user to the group '\(group ?? "")'"))
        }
        let root = InputDeviceError.permissionDenied(path: "/dev/input/event3", group: "root")
        #expect(!root.description.contains("usermod") && !root.description.contains("add your user to the group 'root'"))
        #expect(root.description == "/dev/input/event3: permission denied (the node belongs to the group 'root'); run as root (sudo), or let a udev rule give it to the group 'input' (GROUP=\"input\") and add your user to that group")
        let unknown = InputDeviceError.permissionDenied(path: "/dev/input/event3", group: nil)
        #expect(unknown.description.contains("typically 'input'"))
        #expect(unknown.description.contains("usermod -aG input"))
    }

    @Test("Discovery lists no touchscreens where there are no devices, and reports nodes it cannot read")
    func discovery() throws {
        #expect(InputDevice.discoverTouchscreens(in: "/nonexistent/input") == .init(touchscreens: [], problems: []))
        let first = Fixtures.temporaryFile("", name: "event0")
        let directory = URL(fileURLWithPath: first).deletingLastPathComponent()
        try Data().write(to: directory.appendingPathComponent("event10"))
        try Data().write(to: directory.appendingPathComponent("mouse0"))
        let discovery = InputDevice.discoverTouchscreens(in: directory.path)
        #expect(discovery.touchscreens.isEmpty)
        #expect(discovery.problems == [
            .notAnEvdevDevice(path: directory.appendingPathComponent("event0").path),
            .notAnEvdevDevice(path: directory.appendingPathComponent("event10").path),
        ])
    }

    @Test("Touchscreens, touchpads and other devices are told apart")
    func classification() throws {
        func reason(_ name: String) throws -> String? {
            try EvemuReader(path: SharedTraces.path(name)).deviceDescription.notATouchscreenReason
        }
        #expect(try reason("wacom-isdv4-e6-ts.desc") == nil)
        #expect(try reason("3m-microtouch-ts__session-1-to-10-fingers-drags-rotate-pinch.evemu") == nil)  // legacy rule
        #expect(try reason("synaptics-ps2-touchpad.desc")?.contains("touchpad") == true)
        #expect(try reason("apple-bcm5974-touchpad__3finger-click.evemu")?.contains("touchpad") == true)
        #expect(handMadeTouchscreen.notATouchscreenReason == nil)
        #expect(DeviceDescription(name: "Keys", codes: [.key: [30]]).notATouchscreenReason?.contains("no touch axes") == true)
    }
}
