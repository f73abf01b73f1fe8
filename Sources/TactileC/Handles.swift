import CTactileAPI
import Foundation
import Glibc
import Synchronization

/// The kinds of objects a C handle names; the kind is part of the handle's value, so a view handle passed where
/// a recognizer is expected is refused.
enum HandleKind: UInt64, CustomStringConvertible {
    case application = 1
    case view = 2
    case recognizer = 3
    case contactStream = 4
    case touchscreen = 5

    var description: String {
        switch self {
        case .application: "application"
        case .view: "view"
        case .recognizer: "recognizer"
        case .contactStream: "contact stream"
        case .touchscreen: "touchscreen"
        }
    }
}

/// A handle's value: `kind << 60 | serial << 24 | index`. The index is the slot in the thread's table; the serial
/// is unique in the process (a global counter), so a destroyed handle, a handle of another thread or a forged
/// value never matches a live slot. Handles are tokens given to C as pointers: never dereferenced.
struct Handle: Hashable {
    static let indexBits: UInt64 = 24
    static let serialBits: UInt64 = 36
    static let indexMask: UInt64 = (1 << indexBits) - 1
    static let serialMask: UInt64 = (1 << serialBits) - 1

    var rawValue: UInt64

    init(rawValue: UInt64) { self.rawValue = rawValue }

    init(kind: HandleKind, serial: UInt64, index: Int) {
        rawValue = kind.rawValue << 60 | (serial & Self.serialMask) << Self.indexBits | UInt64(index)
    }

    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        rawValue = UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer))))
    }

    var kindValue: UInt64 { rawValue >> 60 }
    var serial: UInt64 { rawValue >> Self.indexBits & Self.serialMask }
    var index: Int { Int(rawValue & Self.indexMask) }

    /// The value as C sees it.
    var pointer: OpaquePointer { OpaquePointer(bitPattern: UInt(rawValue))! }
}

/// The next handle serial; shared by every thread so that handles are unique in the process.
private let nextSerial = Atomic<UInt64>(1)

/// One thread's state: its handle table, its last error message and the strings returned to C.
final class ThreadState {
    struct Slot {
        var serial: UInt64 = 0
        var object: AnyObject?
        /// The application the object belongs to (the application's own slot: itself).
        var owner: ObjectIdentifier?
    }

    private(set) var slots: [Slot] = []
    private var freeIndices: [Int] = []
    /// The last error, NUL-terminated, for `tactile_last_error` (valid until the next error on this thread).
    private(set) var lastError: UnsafeMutablePointer<CChar>
    private var lastErrorCapacity = 1

    init() {
        lastError = .allocate(capacity: 1)
        lastError[0] = 0
    }

    deinit { lastError.deallocate() }

    func insert(_ object: AnyObject, kind: HandleKind, owner: ObjectIdentifier?) -> Handle {
        let serial = nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue & Handle.serialMask
        let index: Int
        if let free = freeIndices.popLast() {
            index = free
        } else {
            index = slots.count
            slots.append(Slot())
        }
        slots[index] = Slot(serial: serial == 0 ? 1 : serial, object: object, owner: owner)
        return Handle(kind: kind, serial: slots[index].serial, index: index)
    }

    /// The object of a live handle of `kind` on this thread, or `nil`.
    func object(_ handle: Handle, kind: HandleKind) -> AnyObject? {
        guard handle.kindValue == kind.rawValue, handle.index < slots.count else { return nil }
        let slot = slots[handle.index]
        guard slot.serial == handle.serial else { return nil }
        return slot.object
    }

    func remove(_ handle: Handle) {
        guard handle.index < slots.count, slots[handle.index].serial == handle.serial else { return }
        slots[handle.index] = Slot()
        freeIndices.append(handle.index)
    }

    /// Removes every handle of the application `owner` (its own included).
    func removeAll(ownedBy owner: ObjectIdentifier) {
        for index in slots.indices where slots[index].owner == owner {
            slots[index] = Slot()
            freeIndices.append(index)
        }
    }

    func setLastError(_ message: String) {
        var message = message
        message.withUTF8 { bytes in
            if bytes.count + 1 > lastErrorCapacity {
                lastError.deallocate()
                lastErrorCapacity = bytes.count + 1
                lastError = .allocate(capacity: lastErrorCapacity)
            }
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { lastError.update(from: base, count: chars.count) }
            }
            lastError[bytes.count] = 0
        }
    }

    /// This thread's state, made on first use and released when the thread exits.
    static var current: ThreadState {
        if let existing = pthread_getspecific(threadStateKey) {
            return Unmanaged<ThreadState>.fromOpaque(existing).takeUnretainedValue()
        }
        let state = ThreadState()
        pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}

/// The key of each thread's `ThreadState` (its destructor releases the state when the thread exits).
private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ThreadState>.fromOpaque(pointer).release()
    }
    precondition(created == 0, "pthread_key_create failed (\(created))")
    return key
}()

/// A failed call: the status to return and the message `tactile_last_error` gives.
struct APIError: Error {
    var status: tactile_status
    var message: String

    static func null(_ argument: String) -> APIError {
        APIError(status: TACTILE_ERROR_NULL_ARGUMENT, message: "\(argument) is NULL")
    }

    static func invalid(_ message: String) -> APIError { APIError(status: TACTILE_ERROR_INVALID_ARGUMENT, message: message) }

    static func state(_ message: String) -> APIError { APIError(status: TACTILE_ERROR_STATE, message: message) }
}

/// Runs the body of the C function `function` on the main actor: a thrown `APIError` becomes its status, with the
/// message `function: message` left for `tactile_last_error`.
///
/// libtactile's objects are Tactile's UI objects, which are `@MainActor`: every call that takes or makes a handle
/// must come from the process's main thread, as every UI toolkit's C API asks. A call from another thread is
/// refused with `TACTILE_ERROR_STATE` and a message naming the function and the rule, never run.
@MainActor @inline(__always)
func api(_ function: StaticString, _ body: () throws(APIError) -> tactile_status) -> tactile_status {
    guard isMainThread() else {
        ThreadState.current.setLastError(
            "\(function): called on a thread other than the main thread; libtactile's applications, views, "
                + "recognizers, contact streams and touchscreens are used from the main thread only")
        return TACTILE_ERROR_STATE
    }
    do {
        return try body()
    } catch {
        ThreadState.current.setLastError("\(function): \(error.message)")
        return error.status
    }
}

/// Whether the calling thread is the process's main thread (its thread id is the process id).
func isMainThread() -> Bool { Thread.isMainThread }

/// Records why an input event was ignored or altered (a `TACTILE_IGNORED` result).
func ignored(_ function: StaticString, _ reason: String) -> tactile_status {
    ThreadState.current.setLastError("\(function): \(reason)")
    return TACTILE_IGNORED
}

/// Looks up handles for the API functions.
enum Lookup {
    static func object<T: AnyObject>(
        _ pointer: OpaquePointer?, _ kind: HandleKind, _ argument: String, as type: T.Type
    ) throws(APIError) -> T {
        guard let handle = Handle(pointer) else { throw .null(argument) }
        guard let object = ThreadState.current.object(handle, kind: kind) as? T else {
            throw APIError(
                status: TACTILE_ERROR_INVALID_HANDLE,
                message: "\(argument) (0x\(String(handle.rawValue, radix: 16))) is not a live \(kind) handle of "
                    + "this thread: destroyed, never made, of another kind, or made on another thread")
        }
        return object
    }

    static func application(_ pointer: OpaquePointer?, _ argument: String = "application") throws(APIError)
        -> CApplication
    {
        try object(pointer, .application, argument, as: CApplication.self)
    }

    static func view(_ pointer: OpaquePointer?, _ argument: String = "view") throws(APIError) -> ViewEntry {
        try object(pointer, .view, argument, as: ViewEntry.self)
    }

    static func recognizer(_ pointer: OpaquePointer?, _ argument: String = "recognizer") throws(APIError)
        -> RecognizerEntry
    {
        try object(pointer, .recognizer, argument, as: RecognizerEntry.self)
    }

    static func stream(_ pointer: OpaquePointer?, _ argument: String = "stream") throws(APIError) -> StreamEntry {
        try object(pointer, .contactStream, argument, as: StreamEntry.self)
    }

    static func touchscreen(_ pointer: OpaquePointer?, _ argument: String = "touchscreen") throws(APIError)
        -> TouchscreenEntry
    {
        try object(pointer, .touchscreen, argument, as: TouchscreenEntry.self)
    }

    static func string(_ pointer: UnsafePointer<CChar>?, _ argument: String) throws(APIError) -> String {
        guard let pointer else { throw .null(argument) }
        return String(cString: pointer)
    }

    static func finite(_ value: Double, _ argument: String) throws(APIError) -> Double {
        guard value.isFinite else { throw .invalid("\(argument) is \(value), not a finite number") }
        return value
    }

    static func out<T>(_ pointer: UnsafeMutablePointer<T>?, _ argument: String) throws(APIError)
        -> UnsafeMutablePointer<T>
    {
        guard let pointer else { throw .null(argument) }
        return pointer
    }
}
