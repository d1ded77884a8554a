import CNetlink
import Glibc
import Testing
@testable import WiFiScanner

/// The socket plumbing the live scan uses (send, receive loop, error replies, dumps, event
/// deadline), exercised against the kernel's always-present generic-netlink controller
/// ("nlctrl"), since this machine has no nl80211 to talk to.
@Suite struct NetlinkSocketTests {
    static let controllerFamily = Int32(GENL_ID_CTRL)

    @Test func dumpCollectsEveryReply() throws {
        let socket = try NetlinkSocket()
        #expect(try socket.resolveFamily("nlctrl") == Self.controllerFamily)
        let (replies, isInterrupted) = try socket.request(
            family: Self.controllerFamily, command: UInt8(CTRL_CMD_GETFAMILY), isDump: true,
            interfaceIndex: nil, operation: "GETFAMILY")
        #expect(!isInterrupted)
        #expect(replies.count > 1)  // nlctrl itself and at least one other family
        for reply in replies {
            let message = try GenericNetlinkMessage(bytes: reply)
            #expect(message.command == UInt8(CTRL_CMD_NEWFAMILY))
            #expect(message.attributes[Int(CTRL_ATTR_FAMILY_NAME)] != nil)
        }
    }

    @Test func kernelErrorReplyBecomesAnErrno() throws {
        let socket = try NetlinkSocket()
        // GETFAMILY without a name or id is refused by the kernel (ctrl_getfamily: -EINVAL).
        #expect {
            try socket.request(
                family: Self.controllerFamily, command: UInt8(CTRL_CMD_GETFAMILY), isDump: false,
                interfaceIndex: nil, operation: "GETFAMILY")
        } throws: { error in
            guard let error = error as? NetlinkError else { return false }
            return error.origin == .kernel && error.code > 0 && !error.message.isEmpty
        }
    }

    @Test func missingFamilyIsNoNL80211OnlyForNL80211() throws {
        let socket = try NetlinkSocket()
        let error = #expect(throws: NetlinkError.self) { try socket.resolveFamily("nl80211-not-here") }
        #expect(error?.code == -Int32(NLE_OBJ_NOTFOUND))
        #expect(WiFiScanError(NetlinkError(origin: .libnl, code: -Int32(NLE_OBJ_NOTFOUND), operation: "resolve nl80211"))
            == .noNL80211)
        #expect(WiFiScanError(NetlinkError(origin: .kernel, code: EPERM, operation: "GET_SCAN")) == .permissionDenied)
    }

    @Test func waitingForAnEventEndsAtTheDeadline() throws {
        let socket = try NetlinkSocket()
        try socket.subscribe(family: "nlctrl", group: "notify")
        let start = ContinuousClock.now
        let event = try socket.waitForEvent(deadline: start + .milliseconds(300), operation: "wait") { _ in false }
        let waited = ContinuousClock.now - start
        #expect(event == nil)
        #expect(waited >= .milliseconds(300))
        #expect(waited < .seconds(5))
    }
}
