import Tactile

extension MultitouchDecoder {
    /// Ends the report at `SYN_REPORT`: decides each contact's phase and builds the frames.
    mutating func finishReport(at time: Timestamp) -> Output {
        var output = Output()
        let frameTime = clampedTime(time, diagnostics: &output.diagnostics)
        output.diagnostics += fingerCountDiagnostics()

        // First frame: everything that happened; second frame: the ends of contacts that also began in this
        // report (a contact cannot have two phases in one frame).
        var first: [(order: Int, contact: TouchContact)] = []
        var second: [(order: Int, contact: TouchContact)] = []
        var order = 0
        for closed in closedInReport {
            order += 1
            let isPalm = closed.values.toolType == MultitouchToolType.palm.rawValue
            let phase: TouchContact.Phase = isPalm ? .cancelled : closed.phase
            if closed.contact.isNew {
                // Never reported: a palm or a repair-cancelled contact is dropped; a real tap is kept.
                if phase == .cancelled { continue }
                first.append((order, touchContact(closed.contact.id, .began, closed.values, slot: closed.slot)))
                second.append((order, touchContact(closed.contact.id, phase, closed.values, slot: closed.slot)))
            } else {
                first.append((order, touchContact(closed.contact.id, phase, closed.values, slot: closed.slot)))
            }
            if isPalm { output.diagnostics.append(.palmRejected(slot: closed.slot)) }
        }
        closedInReport = []

        var stationaryInSecond: [(order: Int, contact: TouchContact)] = []
        for index in slots.indices {
            guard case .contact(var contact) = slots[index].occupant else { continue }
            order += 1
            let values = slots[index].values
            if values.toolType == MultitouchToolType.palm.rawValue {
                slots[index].occupant = .ignored
                output.diagnostics.append(.palmRejected(slot: index))
                if !contact.isNew {
                    first.append((order, touchContact(contact.id, .cancelled, values, slot: index)))
                }
                continue
            }
            let entry: TouchContact
            if contact.isNew {
                entry = touchContact(contact.id, .began, values, slot: index)
                contact.isNew = false
            } else {
                let moved = touchContact(contact.id, .moved, values, slot: index)
                entry = moved.location == contact.lastLocation ? with(moved, phase: .stationary) : moved
            }
            contact.lastLocation = entry.location
            slots[index].occupant = .contact(contact)
            first.append((order, entry))
            stationaryInSecond.append((order, with(entry, phase: .stationary)))
        }

        if first.contains(where: { $0.contact.phase != .stationary }) {
            output.frames.append(frame(first, at: frameTime))
        }
        if !second.isEmpty {
            output.frames.append(frame(second + stationaryInSecond, at: frameTime))
        }
        return output
    }

    /// Ends a discard after `SYN_DROPPED` (replay): cancels every contact the core knows about and ignores
    /// each occupied slot until its tracking id changes.
    mutating func cancelAfterDrop(unreported: [ClosedContact], at time: Timestamp) -> Output {
        let output = cancelAll(unreported: unreported, at: time)
        for index in slots.indices {
            slots[index].occupant = slots[index].trackingID >= 0 ? .ignored : .free
        }
        return output
    }

    /// Cancels every contact the core knows about, plus `unreported` ones that closed before being reported,
    /// in one frame.
    mutating func cancelAll(unreported: [ClosedContact], at time: Timestamp) -> Output {
        var output = Output()
        let frameTime = clampedTime(time, diagnostics: &output.diagnostics)
        var entries: [(order: Int, contact: TouchContact)] = []
        var order = 0
        for closed in unreported {
            order += 1
            entries.append((order, touchContact(closed.contact.id, .cancelled, closed.values, slot: closed.slot)))
        }
        for index in slots.indices {
            guard case .contact(let contact) = slots[index].occupant else { continue }
            order += 1
            if !contact.isNew {
                var entry = touchContact(contact.id, .cancelled, slots[index].values, slot: index)
                entry.location = contact.lastLocation
                entries.append((order, entry))
            }
            slots[index].occupant = .ignored
        }
        closedInReport = []
        if !entries.isEmpty { output.frames.append(frame(entries, at: frameTime)) }
        return output
    }

    /// The report time, clamped so frame times never go backwards.
    mutating func clampedTime(_ time: Timestamp, diagnostics: inout [Diagnostic]) -> Timestamp {
        guard let last = lastReportTime else {
            lastReportTime = time
            return time
        }
        if time < last {
            diagnostics.append(.timeWentBackwards(from: last, to: time))
            return last
        }
        lastReportTime = time
        return time
    }

    mutating func fingerCountDiagnostics() -> [Diagnostic] {
        let fingers = toolFingerCount
        defer { lastFingerCountDiagnosed = fingers }
        guard fingers > slots.count, fingers != lastFingerCountDiagnosed, case .slots = mode else { return [] }
        return [.contactsBeyondSlots(fingers: fingers, slots: slots.count)]
    }

    func frame(_ entries: [(order: Int, contact: TouchContact)], at time: Timestamp) -> TouchFrame {
        let sorted = entries.sorted { ($0.contact.slot, $0.order) < ($1.contact.slot, $1.order) }
        return TouchFrame(timestamp: time, contacts: sorted.map(\.contact))
    }

    func with(_ contact: TouchContact, phase: TouchContact.Phase) -> TouchContact {
        var copy = contact
        copy.phase = phase
        return copy
    }

    /// The core's view of a contact from a slot's values.
    func touchContact(
        _ id: TouchContact.ID, _ phase: TouchContact.Phase, _ values: SlotValues, slot: Int
    ) -> TouchContact {
        let mapping = configuration.mapping
        let location = mapping.location(x: values.positionX, y: values.positionY, xAxis: xAxis, yAxis: yAxis)
        var radius = (radius: 0.0, tolerance: 0.0)
        if let sizeAxis {
            radius = mapping.majorRadius(touchMajor: values.touchMajor, sizeAxis: sizeAxis, xAxis: xAxis, yAxis: yAxis)
        }
        var force: Double?
        var maximumForce: Double?
        if let pressureAxis, configuration.typicalForceFraction > 0 {
            let typical = (Double(pressureAxis.maximum) - Double(pressureAxis.minimum)) * configuration.typicalForceFraction
            if typical > 0 {
                force = max(0, Double(values.pressure) - Double(pressureAxis.minimum)) / typical
                maximumForce = 1 / configuration.typicalForceFraction
            }
        }
        return TouchContact(
            id: id, phase: phase, location: location, slot: slot, majorRadius: radius.radius,
            majorRadiusTolerance: radius.tolerance, force: force, maximumPossibleForce: maximumForce,
            tool: values.toolType == MultitouchToolType.pen.rawValue ? .pen : .finger)
    }
}
