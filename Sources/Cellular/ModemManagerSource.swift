import PositioningCore
import SystemSupport

/// The serving cell from ModemManager, read with `mmcli` (the supported command-line client)
/// run as a subprocess on a dedicated thread with a timeout.
///
/// `mmcli` missing, ModemManager not running, no modem, and 3GPP location not enabled become
/// `CellularError.unavailable` with a reason and a remedy; a polkit refusal becomes `.denied`.
///
/// ```swift
/// let source = ModemManagerSource()
/// let cell = try await source.servingCell()   // CellObservation, LTE keyed by TAC
/// ```
public struct ModemManagerSource: Sendable {
    /// The `mmcli` to run: a name looked up on `$PATH`, or a path.
    public var mmcli: String
    /// Seconds each `mmcli` call may take before it is killed.
    public var timeout: Double
    /// Extra environment for `mmcli`, e.g. `DBUS_SYSTEM_BUS_ADDRESS` for a ModemManager on a
    /// private bus (mmcli has no option for the bus; GDBus honours the variable).
    public var environment: [String: String]

    /// Creates a source; nothing runs until `servingCell()` or `availability()`.
    public init(mmcli: String = "mmcli", timeout: Double = 5, environment: [String: String] = [:]) {
        self.mmcli = mmcli
        self.timeout = timeout
        self.environment = environment
    }

    /// Reads the serving cell: `mmcli -m any --location-get -J`, then `mmcli -m any -J` for the
    /// radio technology (inferred from TAC/LAC when that second call fails).
    /// - Throws: `CellularError` saying why there is no cell and what to do.
    public func servingCell() async throws(CellularError) -> CellObservation {
        let locationText = try await run(["-m", "any", "--location-get", "-J"])
        let location = try ModemManagerLocation.parse(locationText)
        guard location.hasServingCell else { throw ModemManagerLocation.locationNotEnabled }
        let modem = try? ModemManagerModem.parse(try await run(["-m", "any", "-J"]))
        return try location.cellObservation(radio: modem?.radio ?? location.inferredRadio)
    }

    /// Whether a serving cell can be read now, for `whereabouts status`.
    public func availability() async -> CellularAvailability {
        do throws(CellularError) {
            let cell = try await servingCell()
            return .available(detail: "serving cell \(cell.identity) via ModemManager")
        } catch {
            switch error {
            case .unavailable(let reason, let remedy): return .unavailable(reason: reason, remedy: remedy)
            case .denied(let reason, let remedy): return .denied(reason: reason, remedy: remedy)
            case .malformedOutput(let detail):
                return .unavailable(
                    reason: "mmcli printed output Whereabouts cannot read (\(detail))",
                    remedy: "check `mmcli -m any --location-get -J` by hand; ModemManager 1.20 or later is expected")
            }
        }
    }

    /// Runs mmcli and returns its standard output, or the classified failure.
    private func run(_ arguments: [String]) async throws(CellularError) -> String {
        guard let path = ChildProcess.executablePath(named: mmcli) else {
            throw .unavailable(
                reason: "ModemManager's command-line tool `\(mmcli)` is not installed",
                remedy: "install ModemManager (`apt install modemmanager`) and connect a cellular modem")
        }
        let outcome: ChildProcess.Outcome
        do throws(Errno) {
            // LC_ALL=C: mmcli prints GPS values with %lf, which follows LC_NUMERIC.
            outcome = try await ChildProcess.run(
                path, arguments, environment: environment.merging(["LC_ALL": "C"]) { _, c in c },
                timeout: .milliseconds(Int(timeout * 1000)))
        } catch {
            throw .unavailable(reason: "cannot run \(mmcli): \(error)", remedy: "check the mmcli installation")
        }
        if outcome.timedOut {
            throw .unavailable(
                reason: "mmcli did not answer within \(Self.format(timeout)) s",
                remedy: "check that ModemManager is responsive (`mmcli -L`); restart it if not")
        }
        let status = outcome.exitStatus.shellStatus
        guard status == 0 else {
            throw Self.classify(String(decoding: outcome.standardError, as: UTF8.self), status: status)
        }
        return String(decoding: outcome.standardOutput, as: UTF8.self)
    }

    /// Maps mmcli's error text (cli/mmcli*.c, ModemManager 1.20) to a reason and a remedy.
    static func classify(_ standardError: String, status: Int32) -> CellularError {
        let text = standardError.lowercased()
        let firstLine = standardError.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
        if text.contains("couldn't get bus") || text.contains("could not connect")
            || text.contains("serviceunknown") || text.contains("not provided by any")
            || text.contains("modemmanager is not running")
        {
            return .unavailable(
                reason: "ModemManager is not running (\(firstLine))",
                remedy: "start it with `systemctl start ModemManager` (it needs the D-Bus system bus)")
        }
        if text.contains("couldn't find modem") || text.contains("no modems") || text.contains("couldn't find the modem") {
            return .unavailable(
                reason: "ModemManager found no cellular modem",
                remedy: "connect a modem and check `mmcli -L`; enable it with `mmcli -m any -e`")
        }
        if text.contains("policykit") || text.contains("polkit") || text.contains("not authorized")
            || text.contains("accessdenied") || text.contains("unauthorized")
        {
            return .denied(
                reason: "ModemManager refused to share the modem's location (\(firstLine))",
                remedy: "allow org.freedesktop.ModemManager1.Location for this user in polkit, or run from an active desktop session")
        }
        if text.contains("location") && (text.contains("not enabled") || text.contains("disabled")) {
            return ModemManagerLocation.locationNotEnabled
        }
        return .unavailable(
            reason: "mmcli failed: \(firstLine)",
            remedy: "run `mmcli -m any --location-get` to see the full error")
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
