import PositioningCore
import SurveyFormats
import Testing

/// Inputs `tools/fuzz` found to crash a parser, each kept so the crash stays fixed.
@Suite("Fuzz regressions: survey CSV")
struct FuzzRegressionTests {
    /// `tools/fuzz opencellid-csv`: a `samples` value beyond Int's range trapped in `Int(_:)`.
    @Test(arguments: ["1e300", "-1e300", "9223372036854775808"])
    func openCellIDSampleCountBeyondIntRangeIsClamped(samples: String) throws {
        let records = SurveyCSVRecordReaderTests.records("""
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            GSM,255,3,29200,1012,0,31.31059,51.505074,3071,\(samples),1,1330162260,1351218917,0

            """)
        let parser = try OpenCellIDRowParser(header: records[0])
        guard case .publishedCell(let cell) = try parser.parse(records[1]) else { Issue.record("no cell"); return }
        #expect(cell.sampleCount >= 1)
    }
}

/// `tools/fuzz replay-trace`: a Unix-millisecond `time` beyond what a date can be written as.
@Suite("Fuzz regressions: replay trace")
struct ReplayTraceFuzzRegressionTests {
    @Test(arguments: ["3333333333333333333300.00033333330333", "-1e300", "253402300800000"])
    func timeBeyondYear9999IsALineErrorNotATrap(time: String) {
        #expect(throws: ReplayTraceError.self) { try ReplayTrace.parse("{\"time\":\(time)}\n") }
    }

    @Test func timesInRangeStillWriteBackAndReadBack() throws {
        for milliseconds in [0.0, 1_741_428_000_000, 253_402_300_799_000] {
            let sample = try #require(try ReplayTrace.parse("{\"time\":\(Int64(milliseconds))}\n").first)
            let again = try ReplayTrace.parseLine(ReplayTrace.line(for: sample), lineNumber: 1)
            #expect(again?.time == sample.time)
        }
    }
}
