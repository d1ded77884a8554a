import Testing

@testable import WorldSimulator
