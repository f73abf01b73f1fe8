/// A text stream a delivery's log line is written into piece by piece (``Delivery/write(to:touchList:)``): a
/// `String`, or an output that formats times and touch identifiers in place (`tactile replay`'s byte buffer).
public protocol DeliveryTextOutput: TextOutputStream {
    /// Writes `time` as its ``Timestamp/description`` (`1.250s`).
    mutating func write(_ time: Timestamp)
    /// Writes a list of touches as the log does: `{#1,#2}`.
    mutating func write(touches: [TouchContact.ID])
}

extension DeliveryTextOutput {
    /// Writes `time`'s ``Timestamp/description``.
    public mutating func write(_ time: Timestamp) { write(time.description) }
    /// Writes `{#1,#2}`.
    public mutating func write(touches: [TouchContact.ID]) { write(Delivery.format(touches)) }
}

extension String: DeliveryTextOutput {}
