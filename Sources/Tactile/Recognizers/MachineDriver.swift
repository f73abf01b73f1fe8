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

    /// Feeds `touches` (their window locations and times) in `phase` to the machine; returns its verdict and its
    /// deadline after it.
    mutating func feed(_ phase: TouchPhase, _ touches: Set<Touch>, at time: Timestamp) -> MachineStep {
        samples.removeAll(keepingCapacity: true)
        for touch in touches {
            samples.append(TouchSample(id: touch.id, location: touch.location(in: nil), timestamp: touch.timestamp))
        }
        // A set's order depends on the process's hash seed: the machine sees the touches in contact order, so
        // that sums over them (centroids) and first-found touches are the same in every process.
        if samples.count > 1 { samples.sort { $0.id < $1.id } }
        let batch = samples
        let verdict: RecognitionVerdict = switch phase {
        case .began: machine.touchesBegan(batch, at: time)
        case .moved: machine.touchesMoved(batch, at: time)
        case .ended: machine.touchesEnded(batch, at: time)
        case .cancelled: machine.touchesCancelled(batch, at: time)
        case .stationary: .nothing
        }
        return MachineStep(verdict: verdict, deadline: machine.deadline)
    }

    /// Tells the machine that its deadline passed; returns its verdict and its next deadline.
    mutating func deadlinePassed(at time: Timestamp) -> MachineStep {
        let verdict = machine.deadlinePassed(at: time)
        return MachineStep(verdict: verdict, deadline: machine.deadline)
    }
}

/// What a machine decided about one input, and when it next needs the clock.
struct MachineStep {
    var verdict: RecognitionVerdict
    var deadline: Timestamp?
}

extension GestureRecognizer {
    /// Applies a machine's step: its verdict (the table of ``RecognitionVerdict``), then its deadline — or
    /// `extra`, when earlier — as the recognizer's ``deadline``. Called after the machine's access ended, so
    /// anything the verdict sets off may read the machine.
    func drive(_ step: MachineStep, extra: Timestamp? = nil) {
        apply(step.verdict)
        switch (step.deadline, extra) {
        case (let a?, let b?): deadline = Swift.min(a, b)
        case (let a?, nil), (nil, let a?): deadline = a
        case (nil, nil): deadline = nil
        }
    }
}
