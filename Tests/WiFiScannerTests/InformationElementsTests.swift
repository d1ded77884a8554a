import Foundation
import Testing
import TestSupport
import WiFiScanner

@Suite struct InformationElementsTests {
    @Test func subsetFixtureIsPresent() {
        #expect(BeaconFixture.subset.count == 13)
    }

    @Test(arguments: BeaconFixture.subset)
    func realBeaconGivesTheCapturedSSIDAndChannel(_ beacon: BeaconFixture) throws {
        let elements = InformationElements(bytes: beacon.elements)
        let ssid = try #require(elements.ssid)
        // The dump decoded SSIDs as UTF-8 with U+FFFD for invalid bytes; the raw bytes decode alike.
        #expect(String(decoding: ssid.bytes, as: UTF8.self) == beacon.ssid)
        #expect(elements.dsChannel == beacon.dsChannel)
        #expect(elements.elementCount > 2)
    }

    @Test func nonUTF8SSIDIsKeptRawAndShownEscaped() throws {
        let beacon = try #require(BeaconFixture.subset.first { $0.file == "Chinese-SSID-Name.pcap" })
        let ssid = try #require(InformationElements(bytes: beacon.elements).ssid)
        #expect(ssid.bytes == [0xB2, 0xE2, 0xCA, 0xD4])  // "测试" in GBK
        #expect(ssid.string == nil)
        #expect(ssid.displayName == #"\xb2\xe2\xca\xd4"#)
        #expect(!ssid.isHidden)
    }

    @Test func framesCutShortByTheCaptureCountOneMalformedElement() throws {
        for bssid in ["f8:1a:67:e5:05:62", "00:0d:93:eb:b0:8c"] {
            let beacon = try #require(BeaconFixture.subset.first { $0.bssid == bssid })
            let elements = InformationElements(bytes: beacon.elements)
            #expect(elements.malformedCount == 1, "\(beacon)")
            #expect(elements.ssid.map { String(decoding: $0.bytes, as: UTF8.self) } == beacon.ssid)
        }
    }

    @Test func wellFormedFramesHaveNoMalformedElements() {
        let clean = BeaconFixture.subset.filter { !["f8:1a:67:e5:05:62", "00:0d:93:eb:b0:8c"].contains($0.bssid) }
        for beacon in clean {
            #expect(InformationElements(bytes: beacon.elements).malformedCount == 0, "\(beacon)")
        }
    }

    @Test func countryAndSecurityAreRead() throws {
        let wpa3 = try #require(BeaconFixture.subset.first { $0.ssid == "WPA3-Network" })
        #expect(InformationElements(bytes: wpa3.elements).hasRSN)
        let dsAndCountry: [UInt8] = [3, 1, 11, 7, 6] + Array("DE ".utf8) + [1, 13, 20]
        let elements = InformationElements(bytes: dsAndCountry)
        #expect(elements.countryCode == "DE")
        #expect(elements.dsChannel == 11)
    }

    @Test(arguments: [
        ([0, 0] as [UInt8], [UInt8]()),  // hidden: empty SSID
        ([0, 4, 0, 0, 0, 0], [0, 0, 0, 0]),  // hidden: name blanked with zeros
    ])
    func hiddenSSIDIsRecognised(_ bytes: [UInt8], _ expected: [UInt8]) throws {
        let ssid = try #require(InformationElements(bytes: bytes).ssid)
        #expect(ssid.bytes == expected)
        #expect(ssid.isHidden)
        #expect(ssid.displayName == "")
        #expect(ssid.string == nil)
    }

    @Test(arguments: [
        ([0] as [UInt8], 1, 0),  // id without length
        ([0, 5, 0x61, 0x62], 1, 0),  // length runs past the end
        ([0, 33] + [UInt8](repeating: 0x61, count: 33), 1, 0),  // SSID longer than 32 bytes
        ([3, 2, 1, 1, 0, 1, 0x61], 1, 1),  // DS Parameter Set of two bytes, then a good SSID
        ([], 0, 0),
    ])
    func malformedElementsAreCountedAndSkipped(_ bytes: [UInt8], malformed: Int, wellFormed: Int) {
        let elements = InformationElements(bytes: bytes)
        #expect(elements.malformedCount == malformed)
        #expect(elements.elementCount == wellFormed)
        #expect(elements.dsChannel == nil)
    }

    @Test func everyTruncationOfRealFramesIsSafe() {
        for beacon in BeaconFixture.subset {
            let bytes = beacon.elements
            for length in 0...bytes.count {
                let elements = InformationElements(bytes: bytes.prefix(length))
                #expect(elements.malformedCount <= 1)
            }
        }
    }

    @Test(.enabled(if: TestPaths.sharedData("wifi_80211_frames/beacons_ie_dump.jsonl") != nil,
        "../shared/data/wifi_80211_frames is absent"))
    func allCapturedFramesGiveTheirSSIDs() throws {
        let url = try #require(TestPaths.sharedData("wifi_80211_frames/beacons_ie_dump.jsonl"))
        let beacons = BeaconFixture.load(url)
        #expect(beacons.count == 220)
        for beacon in beacons {
            let elements = InformationElements(bytes: beacon.elements)
            #expect(elements.ssid.map { String(decoding: $0.bytes, as: UTF8.self) } == beacon.ssid, "\(beacon)")
            #expect(elements.dsChannel == beacon.dsChannel, "\(beacon)")
        }
    }
}
