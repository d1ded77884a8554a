import Testing

@testable import SurveyFormats

/// When a survey file's exact signal repeats mean its phone logged its scan cache.
@Suite struct ScanCacheEvidenceTests {
    @Test func nearMissesAreOneOrTwoDecibelsEitherWay() {
        #expect(ScanCacheEvidence.isNearMiss(1) && ScanCacheEvidence.isNearMiss(-1))
        #expect(ScanCacheEvidence.isNearMiss(2) && ScanCacheEvidence.isNearMiss(-2))
        #expect(!ScanCacheEvidence.isNearMiss(0))
        #expect(!ScanCacheEvidence.isNearMiss(3))
    }

    @Test func repeatsFarAboveChanceMeanACache() {
        // Ariel's captures, and a simulated survey whose signals vary around a path-loss model.
        #expect(ScanCacheEvidence.logsScanCache(exactRepeats: 3628, nearMisses: 931))
        #expect(!ScanCacheEvidence.logsScanCache(exactRepeats: 6236, nearMisses: 20810))
    }

    @Test func aPhoneReportingInTwoDecibelStepsIsNotMistakenForACache() {
        // No 1 dB changes at all, but its 2 dB ones still outnumber chance repeats.
        #expect(!ScanCacheEvidence.logsScanCache(exactRepeats: 40, nearMisses: 70))
    }

    @Test func tooFewRepeatsSayNothing() {
        #expect(!ScanCacheEvidence.logsScanCache(exactRepeats: 19, nearMisses: 0))
        #expect(ScanCacheEvidence.logsScanCache(exactRepeats: 20, nearMisses: 0))
    }
}
