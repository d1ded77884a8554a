import Testing

@testable import RadioMap
