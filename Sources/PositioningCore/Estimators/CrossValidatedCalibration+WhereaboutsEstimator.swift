extension CrossValidatedCalibration {
    /// Calibrates `WhereaboutsEstimator()` with its default parameters.
    public init(
        holdOut: HoldOut = defaultHoldOut, seed: UInt64 = 1, publishedCells: [CellIdentity: KnownCell] = [:],
        maximumScans: Int = 3000
    ) {
        self.init(
            holdOut: holdOut, seed: seed, estimator: WhereaboutsEstimator(), publishedCells: publishedCells,
            maximumScans: maximumScans)
    }

    /// k-fold refits by track stretch, calibrating `WhereaboutsEstimator()`.
    public init(folds: Int, seed: UInt64 = 1, publishedCells: [CellIdentity: KnownCell] = [:]) {
        self.init(folds: folds, seed: seed, estimator: WhereaboutsEstimator(), publishedCells: publishedCells)
    }
}
