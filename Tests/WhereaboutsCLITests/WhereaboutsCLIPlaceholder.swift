import Testing

@testable import WhereaboutsCLI
