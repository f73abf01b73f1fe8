import CEvemu
import Foundation
import Tactile
import TactileInput
import Testing

/// What Debian's libevemu reads from a file: the reference reader the evemu tests of TactileInput and
/// TactileReplay compare Tactile's reader and writer with (one copy for both test targets).
public struct EvemuLibraryReading {
    /// The device's name.
    public var name: String
    /// The device's bus, vendor, product and version.
    public var identity: DeviceDescription.Identity
    /// Every event of the recording, in order.
    public var events: [InputEvent]

    /// Reads the file at `path` with libevemu; records an issue when libevemu rejects its description.
    public init(path: String) throws {
        let file = try #require(fopen(path, "r"))
        defer { fclose(file) }
        let device = try #require(evemu_new(nil))
        defer { evemu_delete(device) }
        #expect(evemu_read(device, file) > 0, "libevemu rejected the description of \(path)")
        name = String(cString: evemu_get_name(device))
        identity = .init(
            bus: UInt16(evemu_get_id_bustype(device)), vendor: UInt16(evemu_get_id_vendor(device)),
            product: UInt16(evemu_get_id_product(device)), version: UInt16(evemu_get_id_version(device)))
        events = []
        var event = input_event()
        while evemu_read_event(file, &event) > 0 {
            events.append(
                InputEvent(
                    timestamp: Timestamp(seconds: Int64(event.time.tv_sec), microseconds: Int64(event.time.tv_usec)),
                    type: EventType(rawValue: event.type), code: event.code, value: event.value))
        }
    }
}
