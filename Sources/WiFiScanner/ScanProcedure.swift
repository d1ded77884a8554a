/// The steps of a scan, in order, over any ``ScanSession``: pick the interfaces, trigger (or
/// not), fall back to the cache when the trigger is refused, read the results, and say how
/// the results were obtained. Separate from the netlink I/O so tests can drive every branch.
enum ScanProcedure {
    static func scan(
        using session: some ScanSession, interface name: String?, mode: ScanMode, deadline: ContinuousClock.Instant
    ) throws(WiFiScanError) -> WiFiScan {
        let all = try session.interfaces().filter { $0.kind != .monitor }
        let chosen = name.map { name in all.filter { $0.name == name } } ?? all
        guard !chosen.isEmpty else {
            if let name { throw .noSuchInterface(name) }
            throw .noWirelessInterface
        }
        var accessPoints: [ScannedAccessPoint] = []
        var skipped = 0
        var cacheReasons: [String] = []
        var downInterfaces: [String] = []
        var tookOverFrom: [String] = []
        for interface in chosen {
            if mode == .fresh {
                switch try session.triggerScan(interfaceIndex: interface.index, deadline: deadline) {
                case .completed(let tookOverRunningScan):
                    if tookOverRunningScan { tookOverFrom.append(interface.name) }
                case .refused(let reason, let isInterfaceDown):
                    cacheReasons.append(chosen.count > 1 ? "\(interface.name): \(reason)" : reason)
                    if isInterfaceDown { downInterfaces.append(interface.name) }
                }
            }
            let results = try session.scanResults(interfaceIndex: interface.index)
            accessPoints += results.accessPoints
            skipped += results.skipped
        }
        if let down = downInterfaces.first, accessPoints.isEmpty { throw .interfaceDown(down) }
        let isCachedOnly = mode == .cached || !cacheReasons.isEmpty
        let scan = WiFiScan(
            interfaces: chosen, accessPoints: accessPoints, isCachedOnly: isCachedOnly,
            skippedAttributes: skipped)
        guard isCachedOnly else {
            guard !tookOverFrom.isEmpty else { return scan }
            var sharedScan = scan
            let names = tookOverFrom.joined(separator: ", ")
            sharedScan.note = "another program's scan was running on \(names) (EBUSY): used its results"
            return sharedScan
        }
        var cachedScan = scan
        let reasons = mode == .cached ? ["no scan triggered (--cached)"] : cacheReasons
        cachedScan.note = cacheNote(reasons: reasons, scan: scan)
        return cachedScan
    }

    /// "trigger not permitted (EPERM): cached results, 2 entries, oldest 25 s".
    static func cacheNote(reasons: [String], scan: WiFiScan) -> String {
        let count = scan.accessPoints.count
        var note = reasons.joined(separator: "; ") + ": cached results, \(count) entr\(count == 1 ? "y" : "ies")"
        if let oldest = scan.oldestAge { note += ", oldest \(oldest / 1000) s" }
        if count <= 2 {
            note += " (cfg80211 drops entries about 30 s after they were last heard: not a full scan)"
        }
        return note
    }
}
