import Testing

@testable import GNSS

/// Inputs `tools/fuzz` found to crash a parser, each kept so the crash stays fixed.
@Suite("Fuzz regressions: gpsd")
struct FuzzRegressionTests {
    /// `tools/fuzz gpsd`: a TPV `mode` beyond Int's range trapped in `Int(_:)`; now it is a
    /// malformed field, as a fractional mode is.
    @Test(arguments: [
        #"{"class":"TPV","mode":3222222222222222222222222222222222222222222222222222222222222222222222222222222222600}"#,
        #"{"class":"TPV","mode":1e19}"#,
        #"{"class":"TPV","mode":2.5}"#,
    ])
    func tpvModeThatIsNoIntegerIsMalformed(line: String) {
        #expect(throws: GPSDProtocolError.malformedField(messageClass: "TPV", field: "mode")) {
            try GPSDMessage.parse(line)
        }
    }

    /// `tools/fuzz gpsd`: the same trap in VERSION's `proto_major` (and `proto_minor`).
    @Test func versionProtocolNumbersBeyondIntRangeDoNotTrap() throws {
        let major = #"{"class":"VERSION","proto_major":366666666666666666666666666666666666666666666664}"#
        #expect(throws: GPSDProtocolError.malformedField(messageClass: "VERSION", field: "proto_major")) {
            try GPSDMessage.parse(major)
        }
        let minor = #"{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":1e19}"#
        #expect(try GPSDMessage.parse(minor) == .version(release: "3.22", protocolMajor: 3, protocolMinor: 0))
    }
}
