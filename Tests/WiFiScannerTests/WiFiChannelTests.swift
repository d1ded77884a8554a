import Testing
import WiFiScanner

@Suite struct WiFiChannelTests {
    @Test(arguments: [
        (2412, 1, WiFiBand.band2_4GHz), (2437, 6, .band2_4GHz), (2472, 13, .band2_4GHz), (2484, 14, .band2_4GHz),
        (5180, 36, .band5GHz), (5700, 140, .band5GHz), (5825, 165, .band5GHz), (4920, 184, .band5GHz),
        (5935, 2, .band6GHz), (5955, 1, .band6GHz), (6115, 33, .band6GHz), (7115, 233, .band6GHz),
        (58320, 1, .band60GHz), (64800, 4, .band60GHz),
    ])
    func frequencyGivesChannelAndBand(_ frequency: Int, _ number: Int, _ band: WiFiBand) throws {
        let channel = try #require(WiFiChannel(frequency: frequency))
        #expect(channel.number == number)
        #expect(channel.band == band)
    }

    @Test(arguments: [0, 2400, 2413, 3000, 5001, 7120, 100_000])
    func offRasterFrequencyHasNoChannel(_ frequency: Int) {
        #expect(WiFiChannel(frequency: frequency) == nil)
    }

    @Test func bandsPrintAsPeopleWriteThem() {
        #expect(WiFiBand.allCases.map(\.description) == ["2.4 GHz", "5 GHz", "6 GHz", "60 GHz"])
    }
}
