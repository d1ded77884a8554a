import Foundation
import PositioningCore
import Testing

@testable import Cellular

@Suite(
    "ModemManagerSource against a real ModemManager with a simulated modem",
    .enabled(if: ModemManagerLab.canRun, "needs root, modemmanager, dbus-daemon, polkitd, unshare and gdbus"))
struct ModemManagerLabTests {
    @Test func servingCellFromARealModemManager() async throws {
        let lab = try await ModemManagerLab()
        let outcome: Result<Void, any Error>
        do {
            // A generous timeout: it bounds the wait for a real ModemManager on a loaded machine.
            let source = ModemManagerSource(timeout: 20, environment: ["DBUS_SYSTEM_BUS_ADDRESS": lab.busAddress])
            let cell = try await source.servingCell()
            // The simulator's cell: MCC 262, MNC 01, TAC 00ABCD, CI 0001C3D4, LTE (AcT 7).
            #expect(cell.identity == (try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 0xABCD, cellID: 0x1C3D4)))
            guard case .available(let detail) = await source.availability() else {
                Issue.record("expected available")
                return
            }
            #expect(detail.contains("lte/262/1/43981/115668"))
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await lab.stop()
        try outcome.get()
    }
}
