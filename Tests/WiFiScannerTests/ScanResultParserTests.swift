import CNetlink
import PositioningCore
import Testing
import WiFiScanner
import TestSupport

@Suite struct ScanResultParserTests {
    let home = NL80211MessageBuilder.scanResult(
        bssid: [0x00, 0x11, 0x22, 0xAA, 0xBB, 0xCC], frequency: 2437, signalMBm: -6_500, seenMillisecondsAgo: 120,
        informationElements: NL80211MessageBuilder.ssidElement(Array("HomeAP".utf8)) + [1, 2, 0x82, 0x84],
        isAssociated: true, capability: 0x0431)

    @Test func readsEveryFieldOfALibnlBuiltMessage() throws {
        let result = try ScanResultParser.parse(home.bytes())
        let accessPoint = result.accessPoint
        #expect(result.interfaceIndex == 3)
        #expect(result.skippedAttributes == 0)
        #expect(accessPoint.bssid.description == "00:11:22:aa:bb:cc")
        #expect(accessPoint.frequency == 2437)
        #expect(accessPoint.channel == WiFiChannel(frequency: 2437))
        #expect(accessPoint.channel?.number == 6)
        #expect(accessPoint.band == .band2_4GHz)
        #expect(accessPoint.signal == .dBm(-65))
        #expect(accessPoint.age == 120)
        #expect(accessPoint.isAssociated)
        #expect(accessPoint.capability == 0x0431)
        #expect(accessPoint.isPrivacyEnabled)
        #expect(accessPoint.ssid?.displayName == "HomeAP")
        #expect(accessPoint.elementSource == .beacon)
        #expect(accessPoint.observation == WiFiObservation(
            bssid: accessPoint.bssid, signalStrength: -65, frequency: 2437, channel: 6, age: 120, ssid: "HomeAP",
            isAssociated: true))
    }

    @Test(arguments: [
        (NL80211_BSS_BSSID, [1, 2, 3, 4] as [UInt8]),
        (NL80211_BSS_BSSID, [1, 2, 3, 4, 5, 6, 7, 8]),
        (NL80211_BSS_FREQUENCY, [0x85, 0x09]),
        (NL80211_BSS_FREQUENCY, [0x85, 0x09, 0, 0, 0, 0, 0, 0]),
    ])
    func wrongLengthAddressOrFrequencyIsRejectedByPolicy(_ type: nl80211_bss, _ payload: [UInt8]) {
        let bytes = home.replacing(.init(type, payload)).bytes()
        #expect(throws: ScanResultParser.Failure.missingBSSIDOrFrequency) {
            try ScanResultParser.parse(bytes)
        }
    }

    @Test(arguments: [NL80211_BSS_SIGNAL_MBM, NL80211_BSS_SEEN_MS_AGO, NL80211_BSS_STATUS, NL80211_BSS_CAPABILITY])
    func wrongLengthOptionalAttributeIsSkippedAndCounted(_ type: nl80211_bss) throws {
        let bytes = home.replacing(.init(type, [1, 2, 3])).bytes()
        let result = try ScanResultParser.parse(bytes)
        #expect(result.skippedAttributes == 1)
        #expect(result.accessPoint.frequency == 2437)
        switch type {
        case NL80211_BSS_SIGNAL_MBM: #expect(result.accessPoint.signal == nil)
        case NL80211_BSS_SEEN_MS_AGO: #expect(result.accessPoint.age == nil)
        case NL80211_BSS_STATUS: #expect(!result.accessPoint.isAssociated)
        default: #expect(result.accessPoint.capability == nil)
        }
    }

    @Test func probeResponseElementsWinOverBeaconElements() throws {
        let message = NL80211MessageBuilder.scanResult(
            bssid: [2, 0, 0, 0, 0, 1], frequency: 5180, signalMBm: -7_000,
            informationElements: NL80211MessageBuilder.ssidElement(Array("Hidden Office".utf8)),
            beaconElements: NL80211MessageBuilder.ssidElement([0, 0, 0]), isProbeResponse: true)
        let accessPoint = try ScanResultParser.parse(message.bytes()).accessPoint
        #expect(accessPoint.ssid?.string == "Hidden Office")
        #expect(accessPoint.elementSource == .probeResponse)
        #expect(accessPoint.band == .band5GHz)
        #expect(accessPoint.channel?.number == 36)
    }

    @Test func hiddenSSIDIsFilledFromTheOtherElementsWhenKnown() throws {
        let message = NL80211MessageBuilder.scanResult(
            bssid: [2, 0, 0, 0, 0, 1], frequency: 2412,
            informationElements: NL80211MessageBuilder.ssidElement([]),
            beaconElements: NL80211MessageBuilder.ssidElement(Array("Named".utf8)))
        #expect(try ScanResultParser.parse(message.bytes()).accessPoint.ssid?.string == "Named")
    }

    @Test func hiddenNetworkStaysHidden() throws {
        let message = NL80211MessageBuilder.scanResult(
            bssid: [2, 0, 0, 0, 0, 1], frequency: 2412, beaconElements: NL80211MessageBuilder.ssidElement([0, 0]))
        let accessPoint = try ScanResultParser.parse(message.bytes()).accessPoint
        #expect(accessPoint.ssid?.isHidden == true)
        #expect(accessPoint.observation.ssid == "")
    }

    @Test func unspecifiedSignalIsAPercentage() throws {
        let message = NL80211MessageBuilder.scanResult(bssid: [0, 1, 2, 3, 4, 5], frequency: 6115)
            .replacing(.init(NL80211_BSS_SIGNAL_UNSPEC, [73]))
        let accessPoint = try ScanResultParser.parse(message.bytes()).accessPoint
        #expect(accessPoint.signal == .percent(73))
        #expect(accessPoint.signalStrength == nil)
        #expect(accessPoint.band == .band6GHz)
        #expect(accessPoint.channel?.number == 33)
    }

    @Test func ageComesFromBoottimeWhenSeenAgoIsMissing() throws {
        let message = NL80211MessageBuilder.scanResult(bssid: [0, 1, 2, 3, 4, 5], frequency: 2412)
            .replacing(.init(NL80211_BSS_LAST_SEEN_BOOTTIME, integer: UInt64(4_206_107_000_000)))
        let result = try ScanResultParser.parse(message.bytes(), bootTimeNow: 4_231_107_000_000)
        #expect(result.accessPoint.age == 25_000)
        #expect(try ScanResultParser.parse(message.bytes()).accessPoint.age == nil)
    }

    @Test func malformedElementsAreCountedWithTheAttributes() throws {
        let message = NL80211MessageBuilder.scanResult(
            bssid: [0, 1, 2, 3, 4, 5], frequency: 2412, informationElements: [0, 3, 0x61, 0x62, 0x63, 3, 9])
        let result = try ScanResultParser.parse(message.bytes())
        #expect(result.accessPoint.ssid?.string == "abc")
        #expect(result.skippedAttributes == 1)
    }

    @Test func messagesThatCannotGiveAnAccessPointAreRefused() {
        var noBSS = home
        noBSS.includesBSS = false
        #expect(throws: ScanResultParser.Failure.missingBSS) { try ScanResultParser.parse(noBSS.bytes()) }
        var other = home
        other.command = NL80211_CMD_NEW_INTERFACE
        #expect(throws: ScanResultParser.Failure.unexpectedCommand(UInt8(NL80211_CMD_NEW_INTERFACE.rawValue))) {
            try ScanResultParser.parse(other.bytes())
        }
        #expect(throws: ScanResultParser.Failure.truncated) { try ScanResultParser.parse([1, 2, 3]) }
        var lying = home.bytes()
        lying[0] = lying[0] &+ 40  // header claims more bytes than were received
        #expect(throws: ScanResultParser.Failure.truncated) { try ScanResultParser.parse(lying) }
    }

    /// Every prefix, and many random corruptions, of a real-sized message must parse or throw,
    /// never crash or read past the bytes (run under the address sanitizer to be sure).
    @Test func truncatedAndCorruptedMessagesNeverCrash() throws {
        let beacon = try #require(BeaconFixture.subset.first { $0.ssid == "Neheb" })
        let valid = NL80211MessageBuilder.scanResult(
            bssid: [0xB0, 0xB9, 0x8A, 0x56, 0x8D, 0xEA], frequency: 5320, signalMBm: -8_100, seenMillisecondsAgo: 40,
            informationElements: beacon.elements, beaconElements: beacon.elements
        ).bytes()
        for length in 0..<valid.count {
            var truncated = Array(valid.prefix(length))
            if truncated.count >= 4 {  // keep the header honest so the attribute walk is exercised
                withUnsafeBytes(of: UInt32(truncated.count)) { truncated.replaceSubrange(0..<4, with: $0) }
            }
            _ = try? ScanResultParser.parse(truncated)
        }
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<3_000 {
            var corrupted = valid
            for _ in 0..<Int(generator.next() % 6 + 1) {
                let index = 4 + Int(generator.next() % UInt64(corrupted.count - 4))
                corrupted[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? ScanResultParser.parse(corrupted)
        }
        #expect(try ScanResultParser.parse(valid).accessPoint.ssid?.string == "Neheb")
    }
}
