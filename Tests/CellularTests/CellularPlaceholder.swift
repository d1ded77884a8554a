import Testing

@testable import Cellular
