/// The plumbing shared by the built-in recognizers: a recognition machine fed with the samples the recognizer
/// built (``GestureRecognizer/feedMachine(_:_:at:)``), so the move path allocates nothing.
struct MachineDriver<Machine: RecognitionMachine> {
    /// The recognition logic.
    var machine: Machine

    init(_ machine: Machine) {
        self.machine = machine
    }

    /// Feeds `samples` (window locations and times, in contact order) in `phase` to the machine; returns its
    /// verdict and its deadline after it.
    mutating func feed(_ phase: TouchPhase, _ samples: [TouchSample], at time: Timestamp) -> MachineStep {
        let verdict: RecognitionVerdict = switch phase {
        case .began: machine.touchesBegan(samples, at: time)
        case .moved: machine.touchesMoved(samples, at: time)
        case .ended: machine.touchesEnded(samples, at: time)
        case .cancelled: machine.touchesCancelled(samples, at: time)
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
