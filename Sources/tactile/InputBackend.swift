import ArgumentParser
import Foundation
import Tactile
import TactileInput
import TactileReplay

/// `--backend` of `tactile live` and `tactile record`: who reads the touchscreen.
enum InputBackend: String, ExpressibleByArgument, CaseIterable {
    /// Tactile's own reader: libevdev, the multitouch decoder (the default).
    case evdev
    /// libinput, with the system's device quirks, calibration, jitter filter and palm handling.
    case libinput
}

extension ArgumentHelp {
    static let backend = ArgumentHelp(
        "Who reads the touchscreen: evdev (default) or libinput.",
        discussion: """
            evdev is the default: Tactile reads the device itself (libevdev, its own decoder), which is the path a \
            recording replays exactly, needs no udev, and can --grab. libinput reads it as the rest of the system \
            does (libinput's quirks, calibration, jitter filter and palm handling, then a contact stream): with a \
            device node through libinput's path backend; without one through its udev backend on seat0, following \
            devices as they come and go.
            """,
        valueName: "evdev|libinput")

    /// `tactile record --backend`.
    static let recordBackend = ArgumentHelp(
        "Who reads the touchscreen: evdev (default) or libinput.",
        discussion: """
            evdev writes the device's own events, as evemu-record does: the recording tactile replay plays back \
            exactly. libinput writes the touches libinput delivered (after its quirks, calibration, jitter filter \
            and palm handling), as a trace of a protocol-B touchscreen in the device's units.
            """,
        valueName: "evdev|libinput")
}
