import Testing

@testable import WhereaboutsCLI

@Suite struct ConfigurationTests {
    @Test func readsKeysAndIgnoresComments() throws {
        let configuration = try Configuration.parse(
            """
            # Whereabouts settings
            enabled = false
            sources = gps, wifi   # no modem here
            database = /tmp/map.sqlite
            keep_observations_days = 30
            learn = true
            """, path: "test.conf")
        #expect(configuration.enabled == false)
        #expect(configuration.sources == ["gps", "wifi"])
        #expect(configuration.database == "/tmp/map.sqlite")
        #expect(configuration.keepObservationsDays == 30)
        #expect(configuration.learn)
    }

    @Test func namesTheLineOfAnUnknownKeyAndExitsWithTheConfigurationCode() {
        do {
            _ = try Configuration.parse("enabled = true\ncolour = blue\n", path: "w.conf")
            Issue.record("expected an error")
        } catch {
            let failure = CommandFailure(error)
            #expect(failure.message == "w.conf:2: unknown key 'colour'")
            #expect(failure.exitCode == .disabled)
        }
    }

    @Test func databasePrecedenceIsFlagThenEnvironmentThenConfigThenDefault() {
        var configured = Configuration()
        configured.database = "/config.sqlite"
        let withEnvironment = StandardPaths(environment: ["HOME": "/home/u", "WHEREABOUTS_DB": "/env.sqlite"])
        let plain = StandardPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data"])
        #expect(withEnvironment.databasePath(option: "/flag.sqlite", configuration: configured) == "/flag.sqlite")
        #expect(withEnvironment.databasePath(option: nil, configuration: configured) == "/env.sqlite")
        #expect(plain.databasePath(option: nil, configuration: configured) == "/config.sqlite")
        #expect(plain.databasePath(option: nil, configuration: Configuration()) == "/data/whereabouts/radiomap.sqlite")
    }
}
