import Foundation
import PositioningCore
import Testing

@testable import GNSS

@Suite("GPSDMessage parsing")
struct GPSDMessageTests {
    @Test func bannerDevicesWatchErrorAndOthers() throws {
        #expect(try GPSDMessage.parse(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
            == .version(release: "3.22", protocolMajor: 3, protocolMinor: 14))
        #expect(try GPSDMessage.parse(#"{"class":"DEVICES","devices":[]}"#) == .devices([]))
        #expect(try GPSDMessage.parse(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"udp://127.0.0.1:1","activated":"2026-11-29T12:57:02.638Z"}]}"#)
            == .devices([GPSDDevice(path: "udp://127.0.0.1:1", isActive: true)]))
        #expect(try GPSDMessage.parse(#"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"#)
            == .device(GPSDDevice(path: "/dev/pts/1", isActive: false)))
        #expect(try GPSDMessage.parse(#"{"class":"WATCH","enable":true,"json":false,"nmea":false}"#) == .watch(enabled: true, json: false))
        #expect(try GPSDMessage.parse(#"{"class":"ERROR","message":"Unrecognized request '?FOO;\n'"}"#)
            == .error(message: "Unrecognized request '?FOO;\n'"))
        #expect(try GPSDMessage.parse(#"{"class":"PPS","device":"x"}"#) == .other(messageClass: "PPS"))
        #expect(try GPSDMessage.parse(#"{"class":"SKY","hdop":0.9,"satellites":[]}"#) == .sky(hdop: 0.9))
    }

    @Test(arguments: ["", "garbage", "[1]", #"{"mode":3}"#, #"{"class":"TPV"}"#, #"{"class":"VERSION"}"#, #"{"class":"TPV","mode":"3"}"#])
    func malformedLinesAreTypedErrors(_ line: String) {
        #expect(throws: GPSDProtocolError.self) { try GPSDMessage.parse(line) }
    }

    @Test func fullTPVBecomesA68PercentLocation() throws {
        let line = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2024-05-17T12:00:00.000Z","ept":0.005,"lat":52.520008333,"lon":13.404953333,"altHAE":74.0000,"altMSL":34.5000,"alt":34.5000,"epx":9.657,"epy":10.725,"epv":29.900,"track":45.0000,"speed":1.389,"eph":17.100}"#
        guard case .tpv(let report) = try GPSDMessage.parse(line) else { Issue.record("not TPV"); return }
        let location = try #require(report.location(receivedAt: Date(timeIntervalSince1970: 0)))
        #expect(location.coordinate == Coordinate(latitude: 52.520008333, longitude: 13.404953333))
        #expect(abs(location.horizontalAccuracy - 17.1 * 0.62) < 1e-9)
        #expect(location.altitude == 34.5)  // altMSL, not altHAE
        #expect(abs(location.verticalAccuracy - 29.9 * 0.51) < 1e-9)
        #expect(location.speed == 1.389 && location.course == 45)
        #expect(location.timestamp == Date(timeIntervalSince1970: 1_715_947_200))
    }

    @Test func sparseTPVsKeepUnknownsNegative() throws {
        guard case .tpv(let twoD) = try GPSDMessage.parse(#"{"class":"TPV","mode":2,"lat":48.1173,"lon":11.516666667,"eph":47.5}"#)
        else { Issue.record("not TPV"); return }
        let received = Date(timeIntervalSince1970: 42)
        let location = try #require(twoD.location(receivedAt: received))
        #expect(location.timestamp == received)
        #expect(location.speed < 0 && location.course < 0 && location.verticalAccuracy < 0)
        guard case .tpv(let bare) = try GPSDMessage.parse(#"{"class":"TPV","mode":3,"lat":1.5,"lon":2.5,"alt":10}"#)
        else { Issue.record("not TPV"); return }
        let estimated = try #require(bare.location(receivedAt: received, hdop: 1.2))
        #expect(abs(estimated.horizontalAccuracy - 1.2 * 5 * 1.0674) < 1e-9)
        #expect(estimated.altitude == 10 && estimated.verticalAccuracy < 0)
    }

    @Test(arguments: [#"{"class":"TPV","device":"udp://x","mode":1}"#, #"{"class":"TPV","mode":0}"#, #"{"class":"TPV","mode":3}"#])
    func noFixTPVsGiveNoLocation(_ line: String) throws {
        guard case .tpv(let report) = try GPSDMessage.parse(line) else { Issue.record("not TPV"); return }
        #expect(report.location(receivedAt: Date()) == nil)
    }

    @Test(arguments: [
        ("127.0.0.1:2947", "127.0.0.1", 2947), ("gps.local", "gps.local", 2947), (":29470", "127.0.0.1", 29470),
        ("[::1]:3000", "::1", 3000), ("host:2947:/dev/ttyACM0", "host", 2947),
    ])
    func endpoints(_ text: String, _ host: String, _ port: Int) throws {
        #expect(GPSDEndpoint(parsing: text) == GPSDEndpoint(host: host, port: port))
    }

    @Test(arguments: ["host:0", "host:99999", "host:x", "[::1"])
    func badEndpoints(_ text: String) {
        #expect(GPSDEndpoint(parsing: text) == nil)
    }
}
