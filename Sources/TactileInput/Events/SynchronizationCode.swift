/// The code of an ``EventType/synchronization`` event (`SYN_*`).
public struct SynchronizationCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kernel's number for the code.
    public var rawValue: UInt16

    /// Creates a code from the kernel's number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `SYN_REPORT`: ends a frame; everything since the previous report happened at one moment.
    public static let report = SynchronizationCode(rawValue: 0)
    /// `SYN_CONFIG`: unused.
    public static let configuration = SynchronizationCode(rawValue: 1)
    /// `SYN_MT_REPORT`: ends one contact's packet in protocol A.
    public static let multitouchReport = SynchronizationCode(rawValue: 2)
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let dropped = SynchronizationCode(rawValue: 3)

    /// The kernel's name, such as `SYN_REPORT`.
    public var description: String {
        EventCodeNames.name(of: rawValue, type: .synchronization) ?? "SYN_0x" + String(rawValue, radix: 16)
    }
}
