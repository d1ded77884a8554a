import SystemSupport
import Testing

@testable import WhereaboutsCLI

/// The import's progress line on a terminal: reading the file, then — for a large file — writing
/// its sorted sightings into the map, which would otherwise sit at 100 % with nothing said.
@Suite struct ProgressBarTests {
    @Test func readingShowsTheShareOfTheFileAndTheRowRate() {
        let sink = MemorySink(isTerminal: true)
        ProgressBar(label: "/data/survey.csv", sink: sink).update(bytes: 50, of: 100, rows: 1_000)
        #expect(sink.text.hasPrefix("\rsurvey.csv [============            ] 50% "))
        #expect(sink.text.contains(" rows/s ETA "))
    }

    @Test func writingSortedSightingsShowsItsOwnShare() {
        let sink = MemorySink(isTerminal: true)
        ProgressBar(label: "survey.csv", sink: sink).update(writing: 3, of: 4)
        #expect(sink.text.hasPrefix("\rsurvey.csv [==================      ] 75% writing sorted sightings ETA "))
    }
}
