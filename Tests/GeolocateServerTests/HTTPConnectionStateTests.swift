import Testing

@testable import GeolocateServer

@Suite struct HTTPConnectionStateTests {
    private func requests(in state: inout HTTPConnectionState) -> [HTTPConnectionState.Event] {
        var events: [HTTPConnectionState.Event] = []
        while true {
            let event = state.next()
            events.append(event)
            if case .request = event { continue }
            return events
        }
    }

    /// A TLS handshake sent to the plain-HTTP port is refused at its first bytes, not after the
    /// read timeout: no CR LF ever comes, but its first byte cannot start a method.
    @Test func aTLSHandshakeIsRefusedAtOnce() {
        var state = HTTPConnectionState()
        state.receive([0x16, 0x03, 0x01, 0x02, 0x00])
        guard case .failure(let error) = state.next() else {
            Issue.record("a TLS record was not refused")
            return
        }
        #expect(error.statusCode == 400)
    }

    /// A request still arriving after a complete one is waited for, byte by byte.
    @Test func aRequestArrivingInPiecesAfterAnotherIsWaitedFor() {
        var state = HTTPConnectionState()
        state.receive(Array("GET /a HTTP/1.1\r\n\r\nPO".utf8))
        guard case .request = state.next(), case .needMore = state.next() else {
            Issue.record("unexpected events")
            return
        }
        state.receive(Array("ST /b HTTP/1.1\r\nContent-Length: 0\r\n\r\n".utf8))
        guard case .request(let second, _) = state.next() else {
            Issue.record("the second request did not complete")
            return
        }
        #expect(second.method == "POST")
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        var state = HTTPConnectionState()
        state.receive(Array(("POST /a HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}" + "GET /b HTTP/1.1\r\n\r\n"
            + "POST /c HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc").utf8))
        let events = requests(in: &state)
        #expect(events.count == 4)
        guard case .request(let first, let firstBody) = events[0], case .request(let second, let secondBody) = events[1],
              case .request(let third, let thirdBody) = events[2], case .needMore = events[3] else {
            Issue.record("unexpected events \(events)")
            return
        }
        #expect([first.target, second.target, third.target] == ["/a", "/b", "/c"])
        #expect(firstBody == Array("{}".utf8) && secondBody.isEmpty && thirdBody == Array("abc".utf8))
        #expect(!state.hasPartialRequest)
    }

    @Test func bytesArrivingOneAtATimeMakeTheSameRequest() {
        var state = HTTPConnectionState()
        let text = Array("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 11\r\n\r\n{\"a\":[1,2]}GET /health HTTP/1.1\r\n\r\n".utf8)
        var targets: [String] = []
        for byte in text {
            state.receive([byte])
            while case .request(let head, let body) = state.next() {
                targets.append(head.target)
                if head.target == "/v1/geolocate" { #expect(body == Array("{\"a\":[1,2]}".utf8)) }
            }
        }
        #expect(targets == ["/v1/geolocate", "/health"])
    }

    @Test func expectContinueIsAnsweredOnceBeforeTheBody() {
        var state = HTTPConnectionState()
        state.receive(Array("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        #expect(state.next() == .sendContinue)
        #expect(state.next() == .needMore)
        state.receive(Array("{}".utf8))
        guard case .request = state.next() else {
            Issue.record("body not delivered")
            return
        }
    }

    @Test func aRefusedRequestStopsTheStream() {
        var state = HTTPConnectionState()
        state.receive(Array("GET / HTTP/1.1\r\n\r\nPOST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n0\r\n\r\n".utf8))
        guard case .request = state.next() else {
            Issue.record("first request lost")
            return
        }
        #expect(state.next() == .failure(.lengthRequired))
    }
}
