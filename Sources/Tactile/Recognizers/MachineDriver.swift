/// The plumbing shared by the built-in recognizers: a recognition machine fed from touch sets through a reused
/// sample buffer, so the move path allocates nothing.
struct MachineDriver<Machine: RecognitionMachine> {
    /// The recognition logic.
    var machine: Machine
    /// Reused storage for the samples of one call.
    private var samples: [TouchSample] = []

    init(_ machine: Machine) {
        self.machine = machine
        samples.reserveCapacity(10)
    }

    /// Feeds `touches` (their window locations and times) in `phase` to the machine; returns its verdict.
    mutating func feed(_ phase: TouchPhase, _ touches: Set<Touch>, at time: Timestamp) -> RecognitionVerdict {
        samples.removeAll(keepingCapacity: true)
        for touch in touches {
            samples.append(TouchSample(id: touch.id, location: touch.location(in: nil), timestamp: touch.timestamp))
        }
        let batch = samples
        switch phase {
        case .began: return machine.touchesBegan(batch, at: time)
        case .moved: return machine.touchesMoved(batch, at: time)
        case .ended: return machine.touchesEnded(batch, at: time)
        case .cancelled: return machine.touchesCancelled(batch, at: time)
        case .stationary: return .nothing
        }
    }
}

extension GestureRecognizer {
    /// Applies a machine's verdict, then asks for the machine's deadline (`extra`, when earlier, too).
    func drive(_ verdict: RecognitionVerdict, deadline machineDeadline: Timestamp?, extra: Timestamp? = nil) {
        apply(verdict)
        switch (machineDeadline, extra) {
        case (let a?, let b?): deadline = Swift.min(a, b)
        case (let a?, nil), (nil, let a?): deadline = a
        case (nil, nil): deadline = nil
        }
    }
}
