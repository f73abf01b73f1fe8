extension Application {
    /// The tunable constants of touch delivery (spec §0.2), fixed when the application is created.
    public struct Configuration: Hashable, Sendable {
        /// The longest time from a lift to the next touch-down for the new touch to continue the tap
        /// sequence (`TAPCOUNT_INTERVAL`, spec §2.6). Default 0.35 s.
        public var tapCountInterval: Duration
        /// The farthest distance, in points, between the touch-downs of one tap sequence (`TAPCOUNT_RADIUS`,
        /// spec §2.6). Default 45 pt.
        public var tapCountRadius: Double

        /// Creates a configuration; the defaults are the spec's.
        public init(tapCountInterval: Duration = .milliseconds(350), tapCountRadius: Double = 45) {
            self.tapCountInterval = tapCountInterval
            self.tapCountRadius = tapCountRadius
        }
    }
}
