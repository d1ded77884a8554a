internal import CNetlink
import SystemSupport

#if canImport(Glibc)
import Glibc
#endif

/// A generic-netlink socket, owned: freed in `deinit`. Not `Sendable`; it lives on the one
/// thread that runs a `DedicatedThread` job.
final class NetlinkSocket {
    private let handle: OpaquePointer

    /// Allocates and connects a `NETLINK_GENERIC` socket.
    ///
    /// The corresponding libnl functions are `nl_socket_alloc` and `genl_connect`.
    init() throws(NetlinkError) {
        guard let handle = nl_socket_alloc() else {
            throw NetlinkError(origin: .libnl, code: -Int32(NLE_NOMEM), operation: "allocate socket")
        }
        self.handle = handle
        let status = genl_connect(handle)
        guard status >= 0 else {
            nl_socket_free(handle)
            throw NetlinkError(origin: .libnl, code: status, operation: "connect")
        }
    }

    deinit {
        nl_socket_free(handle)
    }

    /// The numeric id of a generic-netlink family.
    ///
    /// The corresponding libnl function is `genl_ctrl_resolve`.
    func resolveFamily(_ name: String) throws(NetlinkError) -> Int32 {
        let family = genl_ctrl_resolve(handle, name)
        guard family >= 0 else { throw NetlinkError(origin: .libnl, code: family, operation: "resolve \(name)") }
        return family
    }

    /// Joins a family's multicast group, so its events arrive on this socket; sequence checks
    /// are turned off because events are unsolicited, and reads stop blocking.
    ///
    /// The corresponding libnl functions are `genl_ctrl_resolve_grp` and `nl_socket_add_membership`.
    func subscribe(family: String, group: String) throws(NetlinkError) {
        let id = genl_ctrl_resolve_grp(handle, family, group)
        guard id >= 0 else { throw NetlinkError(origin: .libnl, code: id, operation: "resolve group \(group)") }
        let status = nl_socket_add_membership(handle, id)
        guard status >= 0 else { throw NetlinkError(origin: .libnl, code: status, operation: "join \(group)") }
        nl_socket_disable_seq_check(handle)
        _ = nl_socket_set_nonblocking(handle)
    }

    /// Sends one request and collects the raw bytes of every reply until the kernel's ACK,
    /// `NLMSG_DONE` or error.
    ///
    /// - Returns: The replies and whether the dump was interrupted by a concurrent change
    ///   (`NLM_F_DUMP_INTR`), in which case the caller repeats it.
    func request(
        family: Int32, command: UInt8, isDump: Bool, interfaceIndex: Int?, operation: String
    ) throws(NetlinkError) -> (replies: [[UInt8]], isInterrupted: Bool) {
        guard let message = nlmsg_alloc() else {
            throw NetlinkError(origin: .libnl, code: -Int32(NLE_NOMEM), operation: operation)
        }
        defer { nlmsg_free(message) }
        let flags = isDump ? NLM_F_DUMP : 0
        guard genlmsg_put(message, UInt32(NL_AUTO_PORT), UInt32(NL_AUTO_SEQ), family, 0, flags, command, 0) != nil
        else { throw NetlinkError(origin: .libnl, code: -Int32(NLE_NOMEM), operation: operation) }
        if let interfaceIndex {
            nla_put_u32(message, Int32(NL80211_ATTR_IFINDEX.rawValue), UInt32(interfaceIndex))
        }
        let sent = nl_send_auto(handle, message)
        guard sent >= 0 else { throw NetlinkError(origin: .libnl, code: sent, operation: operation) }

        let state = ReceiveState()
        try receive(into: state, operation: operation, until: { $0.status <= 0 })
        if state.status < 0 {
            throw NetlinkError(origin: .kernel, code: -state.status, operation: operation)
        }
        return (state.replies, state.isInterrupted)
    }

    /// Reads events until `isSatisfied` holds for one of them or the deadline passes.
    ///
    /// - Returns: The raw bytes of the event that satisfied the condition, or nil on timeout.
    func waitForEvent(deadline: ContinuousClock.Instant, operation: String, where isSatisfied: ([UInt8]) -> Bool)
        throws(NetlinkError) -> [UInt8]?
    {
        let state = ReceiveState()
        while true {
            if let match = state.replies.first(where: isSatisfied) { return match }
            state.replies.removeAll()
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return nil }
            var descriptor = PollSet(FileDescriptor(rawValue: nl_socket_get_fd(handle)), events: .readable)
            let ready: Int
            do throws(Errno) {
                // A millisecond past the deadline, so the wait never ends just short of it.
                ready = try descriptor.wait(timeout: remaining + .milliseconds(1))
            } catch {
                throw NetlinkError(origin: .kernel, code: error.rawValue, operation: operation)
            }
            if ready > 0 {
                do {
                    try receive(into: state, operation: operation, until: { _ in true })
                } catch let error where error.origin == .libnl && error.code == -Int32(NLE_NOMEM) {
                    // ENOBUFS: the event socket overflowed while busy; the events still to come
                    // (ours among them) are unaffected, so keep waiting.
                    continue
                }
            }
        }
    }

    /// Runs `nl_recvmsgs` with callbacks that copy each message into `state`, as iw's
    /// `handle_cmd` does, until `isDone`.
    private func receive(
        into state: ReceiveState, operation: String, until isDone: (ReceiveState) -> Bool
    ) throws(NetlinkError) {
        guard let callbacks = nl_cb_alloc(NL_CB_DEFAULT) else {
            throw NetlinkError(origin: .libnl, code: -Int32(NLE_NOMEM), operation: operation)
        }
        defer { nl_cb_put(callbacks) }
        let context = Unmanaged.passUnretained(state).toOpaque()
        nl_cb_set(callbacks, NL_CB_VALID, NL_CB_CUSTOM, ReceiveState.onValid, context)
        nl_cb_set(callbacks, NL_CB_FINISH, NL_CB_CUSTOM, ReceiveState.onFinish, context)
        nl_cb_set(callbacks, NL_CB_ACK, NL_CB_CUSTOM, ReceiveState.onFinish, context)
        nl_cb_set(callbacks, NL_CB_DUMP_INTR, NL_CB_CUSTOM, ReceiveState.onInterrupted, context)
        nl_cb_err(callbacks, NL_CB_CUSTOM, ReceiveState.onError, context)
        try withExtendedLifetime(state) { () throws(NetlinkError) in
            repeat {
                let status = nl_recvmsgs(handle, callbacks)
                if status == -Int32(NLE_AGAIN) { return }  // non-blocking event socket drained
                if status < 0 && status != -Int32(NLE_DUMP_INTR) && state.status > 0 {
                    throw NetlinkError(origin: .libnl, code: status, operation: operation)
                }
            } while !isDone(state)
        }
    }
}

/// What the libnl callbacks of one receive loop collect; reached through their `void *arg`.
private final class ReceiveState {
    var replies: [[UInt8]] = []
    /// 1 while waiting, 0 when done, a negative errno after an error reply.
    var status: Int32 = 1
    var isInterrupted = false

    static func from(_ context: UnsafeMutableRawPointer?) -> ReceiveState {
        Unmanaged<ReceiveState>.fromOpaque(context!).takeUnretainedValue()
    }

    static let onValid: nl_recvmsg_msg_cb_t = { message, context in
        let state = ReceiveState.from(context)
        if let header = nlmsg_hdr(message) {
            if Int32(header.pointee.nlmsg_flags) & NLM_F_DUMP_INTR != 0 { state.isInterrupted = true }
            state.replies.append(Array(UnsafeRawBufferPointer(start: header, count: Int(header.pointee.nlmsg_len))))
        }
        return Int32(NL_SKIP.rawValue)
    }

    static let onFinish: nl_recvmsg_msg_cb_t = { _, context in
        ReceiveState.from(context).status = 0
        return Int32(NL_STOP.rawValue)
    }

    static let onInterrupted: nl_recvmsg_msg_cb_t = { message, context in
        ReceiveState.from(context).isInterrupted = true
        return onValid(message, context)
    }

    static let onError: nl_recvmsg_err_cb_t = { _, error, context in
        ReceiveState.from(context).status = error?.pointee.error ?? -EIO
        return Int32(NL_STOP.rawValue)
    }
}
