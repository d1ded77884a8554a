import PositioningCore

/// `town.json` (parameters and counts, for scripts) and `README.txt` (the same, for people).
struct TownDescription {
    let town: Town
    let summary: SimulationSummary

    func write(json jsonPath: String, readme readmePath: String) throws(SimulationError) {
        let specification = town.specification
        let size = specification.size
        let json = try BufferedFileWriter(path: jsonPath)
        var fields: [(String, String)] = [
            ("generator", "\"whereabouts simulate\""),
            ("seed", "\(specification.seed)"),
            ("centre", "{\"lat\":\(specification.centre.latitude),\"lng\":\(specification.centre.longitude)}"),
            ("extentMeters", "\(town.streets.extent)"),
            ("streetSpacingMeters", "\(size.streetSpacingMeters)"),
            ("surveyStart", "\(specification.surveyStart)"),
            ("surveyDays", "\(specification.surveyDays)"),
            ("mobileCountryCode", "\(specification.mobileCountryCode)"),
            ("movedFraction", "\(specification.movedFraction)"),
            ("optedOutFraction", "\(specification.optedOutFraction)"),
            ("dualBandFraction", "\(specification.dualBandFraction)"),
            ("virtualNetworkFraction", "\(specification.virtualNetworkFraction)"),
            ("locallyAdministeredSecondaryFraction", "\(specification.locallyAdministeredSecondaryFraction)"),
            ("randomizedAddressesPerScan", "\(specification.randomizedAddressesPerScan)"),
            ("wifiSensitivity", "\(specification.wifiSensitivity)"),
            ("shadowingSigma", "\(specification.shadowingSigma)"),
            ("readingNoiseSigma", "\(specification.readingNoiseSigma)"),
        ]
        let counts: [(String, Int)] = [
            ("routers", summary.routers), ("accessPoints", summary.accessPoints),
            ("secondBandAccessPoints", summary.accessPointsByRole[.secondBand] ?? 0),
            ("virtualNetworkAccessPoints", summary.accessPointsByRole[.virtualNetwork] ?? 0),
            ("locallyAdministeredSecondaries", summary.accessPointsByRole[.locallyAdministeredSecondary] ?? 0),
            ("movedRouters", summary.movedRouters), ("optedOutAccessPoints", summary.optedOutAccessPoints),
            ("hiddenAccessPoints", summary.hiddenAccessPoints), ("hotspots", summary.hotspots),
            ("gsmCells", summary.gsmCells), ("lteCells", summary.lteCells),
            ("surveyScans", summary.surveyScans), ("surveyWiFiRows", summary.surveyWiFiRows),
            ("surveyCellRows", summary.surveyCellRows), ("surveyHotspotRows", summary.surveyHotspotRows),
            ("surveyRandomizedRows", summary.surveyRandomizedRows),
            ("surveyOptedOutRows", summary.surveyOptedOutRows), ("surveyMovedRows", summary.surveyMovedRows),
            ("wifiQueries", summary.wifiQueries), ("cellQueries", summary.cellQueries),
            ("wifiQueriesWithCells", summary.wifiQueriesWithCells),
            ("wifiQueriesWithMovedAccessPoints", summary.wifiQueriesWithMovedAccessPoints),
            ("wifiQueriesWithHotspots", summary.wifiQueriesWithHotspots), ("walkSamples", summary.walkSamples),
            ("driveSamples", summary.driveSamples),
        ]
        fields.append(("counts", "{" + counts.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"))
        try json.write("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
        try json.endLine()
        try json.flush()

        let readme = try BufferedFileWriter(path: readmePath)
        try readme.write("""
            Synthetic town written by `whereabouts simulate` (seed \(specification.seed)).
            Centre \(specification.centre.latitude), \(specification.centre.longitude); \
            \(Int(town.streets.extent)) m across, streets every \(Int(size.streetSpacingMeters)) m.

            survey.wigle.csv      WiGLE 1.4 survey: \(summary.surveyScans) scans over \(specification.surveyDays) days, \
            \(summary.surveyWiFiRows) WIFI rows, \(summary.surveyCellRows) GSM/LTE rows (MAC = MCCMNC_LAC_CID).
            cells.opencellid.csv  OpenCellID rows (lon before lat) for \(summary.gsmCells) GSM and \
            \(summary.lteCells) LTE sectors, published positions off by a few hundred metres.
            queries.jsonl         \(summary.queries) geolocate requests: \(summary.wifiQueries) Wi-Fi \
            (\(summary.wifiQueriesWithCells) with cells), \(summary.cellQueries) cell-only.
            truth.jsonl           true position of each query, line for line: {"lat","lng","kind"}, and "offSurvey":true on the queries standing over 150 m from every survey scan (written last).
            walk.trace.jsonl      \(summary.walkSamples)-line replay trace of a walk (Unix ms times, GPS drop-outs).
            walk.truth.jsonl      true position of each trace line: {"time","lat","lng"}.
            drive.trace.jsonl     \(summary.driveSamples)-line replay trace of an hour's drive after the survey, with GPS:
                                  whereabouts watch --replay drive.trace.jsonl --speed max --learn
            town.json             these parameters and counts, for scripts.

            Times are UTC (WiGLE FirstSeen) or Unix milliseconds (walk trace). Same seed and size,
            same bytes.

            Emitters: \(summary.routers) routers, \(summary.accessPoints) BSSIDs.
            Traps: \(summary.movedRouters) routers moved after the survey (queries hear them at the new place);
            \(summary.optedOutAccessPoints) _nomap BSSIDs; \(summary.hotspots) surveyor phone hotspots \
            (\(summary.surveyHotspotRows) survey rows, heard all along the routes);
            \(summary.surveyRandomizedRows) rows of randomized phone addresses (new each scan);
            \(summary.accessPointsByRole[.locallyAdministeredSecondary] ?? 0) stable locally administered \
            secondary BSSIDs; virtual and dual-band siblings share address bits and positions.

            Score: whereabouts import --db M survey.wigle.csv cells.opencellid.csv
                   whereabouts locate --db M --batch queries.jsonl > R.jsonl
                   score-fixes R.jsonl truth.jsonl

            """)
        try readme.flush()
    }
}
