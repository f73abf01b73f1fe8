import Tactile
import TactileInput

/// What a recording says about its touchscreen, as libinput's analysis tools answer it: the deltas of each slot
/// from report to report (`libinput analyze per-slot-delta`), the slots down over time
/// (`libinput analyze touch-down-state`), and a summary — the report rate and its jitter, how much a resting
/// finger's position wanders per axis (the figure `LIBINPUT_FUZZ_*` would need), the pressure and contact-size
/// ranges, and contacts that begin or end oddly.
///
/// Made by ``TraceAnalyzer`` from a trace's events in device units, before any mapping or filtering: the events
/// the decoder reads (protocol A through libmtdev, `ProtocolAConverter`, as the decoder and libinput do), with
/// the kernel's rules for what a device passes on applied first (a repeated value and a report with nothing in
/// it are dropped, as Linux's input core drops them), so an evemu recording analyses as the same recording played
/// into a device would. Times are the trace's own.
public struct TraceAnalysis: Sendable {
    /// The device the trace was recorded from.
    public struct Device: Hashable, Sendable {
        /// The device's name.
        public var name: String
        /// How it reports contacts: slots (protocol B), anonymous contacts (protocol A, analysed in libmtdev's
        /// slots) or single touch.
        public var touchProtocol: DeviceDescription.TouchProtocol
        /// The slots the analysis shows: the device's, libmtdev's for protocol A, one for single touch.
        public var slotCount: Int
        /// The x position axis analysed (`ABS_MT_POSITION_X`, or `ABS_X` for single touch).
        public var xAxis: AxisInfo
        /// The y position axis analysed.
        public var yAxis: AxisInfo
    }

    /// What happened to one slot in a report.
    public enum SlotChange: Hashable, Sendable {
        /// A contact began at (`x`, `y`), device units: a new tracking id, a position in a slot with no
        /// contact (the recording began with it down), or `BTN_TOUCH` for single touch.
        case began(x: Int32, y: Int32)
        /// The contact's position changed by (`dx`, `dy`) device units during the report, to (`x`, `y`).
        case moved(dx: Int32, dy: Int32, x: Int32, y: Int32)
        /// The contact ended (tracking id −1, or `BTN_TOUCH` 0).
        case ended
    }

    /// A slot and what happened to it.
    public struct SlotEntry: Hashable, Sendable {
        /// The slot (0-based).
        public var slot: Int
        /// What happened to it.
        public var change: SlotChange
    }

    /// One report (`SYN_REPORT`) that changed something: a row of `libinput analyze per-slot-delta`.
    public struct DeltaRow: Hashable, Sendable {
        /// The report's time.
        public var time: Timestamp
        /// The time since the previous report (zero for the first), as libinput's `+Nms` column.
        public var sincePreviousReport: Duration
        /// The slots that began, moved or ended, in slot order; slots with no change are left out.
        public var entries: [SlotEntry]
    }

    /// A report after which the set of slots down differs from the one before: a row of
    /// `libinput analyze touch-down-state`.
    public struct DownStateRow: Hashable, Sendable {
        /// The report's time.
        public var time: Timestamp
        /// The time since the previous row (zero for the first), as libinput's "Rel time" column.
        public var sincePreviousRow: Duration
        /// The slots down after the report, in increasing order.
        public var down: [Int]
    }

    /// The device.
    public var device: Device
    /// Every report that began, moved or ended a contact, in order.
    public var deltaRows: [DeltaRow]
    /// Every change of the slots down, in order; the first row is the first report's.
    public var downStateRows: [DownStateRow]
    /// The summary.
    public var summary: Summary
}

extension TraceAnalysis {
    /// The summary of a trace: rate, noise, ranges and odd contacts.
    public struct Summary: Hashable, Sendable {
        /// The events read (before the kernel's rules drop any).
        public var eventCount: Int
        /// The reports the device passed on (a report with nothing in it is not one).
        public var reportCount: Int
        /// Contacts that began.
        public var contactCount: Int
        /// The most contacts down at once.
        public var maximumSimultaneousContacts: Int
        /// From the first event to the last.
        public var duration: Duration
        /// The intervals between consecutive reports while a contact is down (the device's report rate; the
        /// gaps between touches are left out); `nil` with fewer than two such reports.
        public var reportInterval: Distribution?
        /// How much a resting finger's position wanders, per axis; `nil` when no contact rested (see
        /// ``Noise``).
        public var noise: Noise?
        /// The pressure while down (`ABS_MT_PRESSURE`, or `ABS_PRESSURE` for single touch), when the device has it.
        public var pressure: ValueRange?
        /// The contact's major axis while down (`ABS_MT_TOUCH_MAJOR`), when the device has it.
        public var touchMajor: ValueRange?
        /// The contact's minor axis while down (`ABS_MT_TOUCH_MINOR`), when the device has it.
        public var touchMinor: ValueRange?
        /// Contacts that began or ended oddly, and other oddities of the stream, in order.
        public var oddities: [Oddity]
    }

    /// A distribution of durations: the report intervals.
    public struct Distribution: Hashable, Sendable {
        /// How many intervals.
        public var count: Int
        /// The shortest.
        public var minimum: Duration
        /// The 5th percentile (nearest rank).
        public var p5: Duration
        /// The median: the device's report interval.
        public var median: Duration
        /// The 95th percentile.
        public var p95: Duration
        /// The 99th percentile.
        public var p99: Duration
        /// The longest.
        public var maximum: Duration
        /// The mean.
        public var mean: Duration
        /// The standard deviation (the jitter), around the mean.
        public var standardDeviation: Duration

        /// Reports per second at the median interval; 0 when the median is zero.
        public var medianRate: Double {
            median > .zero ? 1 / Self.seconds(median) : 0
        }

        static func seconds(_ duration: Duration) -> Double {
            let parts = duration.components
            return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        }
    }

    /// How much a resting finger's position wanders.
    ///
    /// A finger rests while its position stays within ``restBandX`` and ``restBandY`` device units on both axes for at
    /// least 100 ms and 5 reports: the trace's contacts are cut into such stretches greedily, from each contact's
    /// start. For each axis, the figures over every stretch: the largest change from one report to the next and the
    /// largest peak-to-peak wander. libinput's hysteresis (and Tactile's jitter filter) holds a position that stays
    /// within half the fuzz of its centre, so a fuzz of the peak-to-peak wander holds a resting finger still:
    /// that is ``Axis/suggestedFuzz``.
    public struct Noise: Hashable, Sendable {
        /// The noise of one axis, in device units (and millimetres where the axis has a resolution).
        public struct Axis: Hashable, Sendable {
            /// The largest change between consecutive reports at rest.
            public var maximumStep: Int32
            /// The largest peak-to-peak wander within one resting stretch.
            public var peakToPeak: Int32
            /// The fuzz that would hold a resting finger still: the peak-to-peak wander (at least 1 when the
            /// position wandered at all, 0 when it never did).
            public var suggestedFuzz: Int32
            /// Device units per millimetre (the axis's resolution), when known.
            public var unitsPerMillimeter: Int32?
            /// ``peakToPeak`` in millimetres, when the resolution is known.
            public var peakToPeakMillimeters: Double? {
                unitsPerMillimeter.map { Double(peakToPeak) / Double($0) }
            }
        }
        /// The band, in device units, an x position stays in while the finger rests: 1 mm where the axis has a
        /// resolution, else 1 % of its range (at least 2 units).
        public var restBandX: Int32
        /// The band for y positions.
        public var restBandY: Int32
        /// The resting stretches found.
        public var stretchCount: Int
        /// The reports in them.
        public var restingReports: Int
        /// The x axis.
        public var x: Axis
        /// The y axis.
        public var y: Axis
    }

    /// The values an axis took while a contact was down, sampled at every report.
    public struct ValueRange: Hashable, Sendable {
        /// The axis's declared range.
        public var axis: AxisInfo
        /// The smallest value seen.
        public var minimum: Int32
        /// The median of the samples: the middle one in sorted order; with an even count, the lower of the two
        /// middle ones (a value the axis took, not their average).
        public var median: Int32
        /// The largest value seen.
        public var maximum: Int32
        /// How many samples (one per contact per report).
        public var sampleCount: Int
    }

    /// A contact that began or ended oddly, or a stream event worth knowing about.
    public struct Oddity: Hashable, Sendable {
        /// What kind of oddity.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// A slot got a new tracking id while its contact was down: the contact ended without a lift.
            case trackingIDReused
            /// A position arrived in a slot with no contact: the recording began with the finger down.
            case downAtStart
            /// A tracking id of −1 (or `BTN_TOUCH` 0) for a slot with no contact.
            case liftWithoutContact
            /// A contact began within 2 % of the surface's edge.
            case beganAtEdge
            /// A contact that lasted less than 20 ms (or began and ended in one report).
            case veryShort
            /// A contact still down when the trace ended.
            case downAtEnd
            /// `SYN_DROPPED`: the device's buffer overflowed and events were lost.
            case eventsDropped
            /// `ABS_MT_SLOT` beyond the device's slots.
            case slotOutOfRange
            /// A report earlier than the one before it (a recording made with a wall clock that stepped back); its
            /// negative interval is kept in the report rate's figures.
            case timeWentBackwards
        }
        /// The time.
        public var time: Timestamp
        /// What kind.
        public var kind: Kind
        /// The slot, when the oddity is about one.
        public var slot: Int?
        /// One sentence for a person.
        public var message: String
    }
}
