import Testing
@testable import TactilePort
