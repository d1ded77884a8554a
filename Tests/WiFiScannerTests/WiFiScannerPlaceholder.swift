import Testing

@testable import WiFiScanner
