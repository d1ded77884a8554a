import Testing

@testable import GNSS
