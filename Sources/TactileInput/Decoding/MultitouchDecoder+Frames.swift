import Tactile
import TactileContacts

extension MultitouchDecoder {
    /// Ends the report at `SYN_REPORT`: decides each contact's phase and appends the frames to `output`.
    ///
    /// The contacts are collected in the decoder's reused `FrameBuilder` (``reportFrames``; the builder is
    /// TactileContacts', shared with the contact stream), whose storage the frames share: a report allocates nothing
    /// when the consumer let go of the previous frames.
    mutating func finishReport(at time: Timestamp, into output: inout Output) {
        let frameTime = clampedTime(time, diagnostics: &output.diagnostics)
        fingerCountDiagnostics(into: &output.diagnostics)

        // Collected in report order (closed contacts, then slots). Moved out for the function and back (no copy:
        // no retain and release of its storage).
        var frames = FrameBuilder()
        swap(&frames, &reportFrames)
        frames.empty()
        defer { swap(&frames, &reportFrames) }
        if !closedInReport.isEmpty {
            for closed in closedInReport {
                let isPalm = closed.values.toolType == MultitouchToolType.palm.rawValue
                let phase: TouchContact.Phase = isPalm ? .cancelled : closed.phase
                if closed.contact.isNew {
                    // Never reported: a palm or a repair-cancelled contact is dropped; a real tap is kept.
                    if phase == .cancelled { continue }
                    frames.appendBeganAndEnded(touchContact(closed.contact.id, phase, closed.values, slot: closed.slot))
                } else {
                    var entry = touchContact(closed.contact.id, phase, closed.values, slot: closed.slot)
                    // With the jitter filter, a touch ends where its last reported motion was.
                    if hysteresisMargin != nil { entry.location = closed.contact.lastLocation }
                    frames.append(entry)
                }
                if isPalm { output.diagnostics.append(.palmRejected(slot: closed.slot)) }
            }
            closedInReport.empty()
        }

        for index in slots.indices {
            guard case .contact(var contact) = slots[index].occupant else { continue }
            let values = slots[index].values
            if values.toolType == MultitouchToolType.palm.rawValue {
                slots[index].occupant = .ignored
                output.diagnostics.append(.palmRejected(slot: index))
                if !contact.isNew {
                    var entry = touchContact(contact.id, .cancelled, values, slot: index)
                    if hysteresisMargin != nil { entry.location = contact.lastLocation }
                    frames.append(entry)
                }
                continue
            }
            var entry: TouchContact
            let positionChanged = slots[index].positionChanged
            slots[index].positionChanged = false
            if contact.isNew {
                entry = touchContact(contact.id, .began, values, slot: index)
                contact.isNew = false
                slots[index].center = (values.positionX, values.positionY)
            } else if let margin = hysteresisMargin {
                // libinput's fallback_filter_defuzz_touch: the filtered point replaces the slot's point; a motion
                // is reported (at the raw point) only when the filtered point left the center.
                let center = slots[index].center
                let filtered = hysteresis((values.positionX, values.positionY), center: center, margin: margin)
                slots[index].values.positionX = filtered.x
                slots[index].values.positionY = filtered.y
                if filtered == center {
                    if positionChanged { filteredMotionCount += 1 }
                    entry = touchContact(contact.id, .stationary, values, slot: index)
                    entry.location = contact.lastLocation
                } else {
                    slots[index].center = filtered
                    entry = touchContact(contact.id, .moved, values, slot: index)
                    if entry.location == contact.lastLocation { entry.phase = .stationary }
                }
            } else {
                entry = touchContact(contact.id, .moved, values, slot: index)
                if entry.location == contact.lastLocation { entry.phase = .stationary }
            }
            contact.lastLocation = entry.location
            slots[index].occupant = .contact(contact)
            frames.appendDown(entry)
        }
        _ = frames.finish(at: frameTime, into: &output.frames)
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
        var entries: [TouchContact] = []
        for closed in unreported {
            entries.append(touchContact(closed.contact.id, .cancelled, closed.values, slot: closed.slot))
        }
        for index in slots.indices {
            guard case .contact(let contact) = slots[index].occupant else { continue }
            if !contact.isNew {
                var entry = touchContact(contact.id, .cancelled, slots[index].values, slot: index)
                entry.location = contact.lastLocation
                entries.append(entry)
            }
            slots[index].occupant = .ignored
        }
        closedInReport = []
        if !entries.isEmpty { output.frames.append(FrameBuilder.frame(&entries, at: frameTime)) }
        return output
    }

    /// The report time, clamped so frame times never go backwards.
    mutating func clampedTime(_ time: Timestamp, diagnostics: inout [Diagnostic]) -> Timestamp {
        let clamped = FrameBuilder.time(time, notBefore: &lastReportTime)
        if clamped != time { diagnostics.append(.timeWentBackwards(from: clamped, to: time)) }
        return clamped
    }

    /// Appends ``Diagnostic/contactsBeyondSlots(fingers:slots:)`` when the tool keys report more fingers than
    /// there are slots, once per finger count.
    mutating func fingerCountDiagnostics(into diagnostics: inout [Diagnostic]) {
        let fingers = toolFingerCount
        defer { lastFingerCountDiagnosed = fingers }
        guard fingers > slots.count, fingers != lastFingerCountDiagnosed, case .slots = mode else { return }
        diagnostics.append(.contactsBeyondSlots(fingers: fingers, slots: slots.count))
    }

    /// The core's view of a contact from a slot's values.
    func touchContact(
        _ id: TouchContact.ID, _ phase: TouchContact.Phase, _ values: SlotValues, slot: Int
    ) -> TouchContact {
        let mapping = configuration.mapping
        let location = mapping.location(x: values.positionX, y: values.positionY, xAxis: xAxis, yAxis: yAxis)
        var radius = (radius: 0.0, tolerance: 0.0)
        if let pointsPerSizeUnit {
            radius = ScreenMapping.majorRadius(touchMajor: values.touchMajor, pointsPerUnit: pointsPerSizeUnit)
        }
        var force: Double?
        var maximumForce: Double?
        if let forceScale {
            force = max(0, Double(values.pressure) - forceScale.minimum) / forceScale.typical
            maximumForce = forceScale.maximumForce
        }
        return TouchContact(
            id: id, phase: phase, location: location, slot: slot, majorRadius: radius.radius,
            majorRadiusTolerance: radius.tolerance, force: force, maximumPossibleForce: maximumForce,
            tool: values.toolType == MultitouchToolType.pen.rawValue ? .pen : .finger)
    }
}
