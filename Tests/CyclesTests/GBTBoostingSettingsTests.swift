import BoostedTrees
import Testing
@testable import CyclesLab

/// The defaults are the settings the shipped model was trained with, and training reads them.
@Suite struct GBTBoostingSettingsTests {
    @Test func defaultsAreTheShippedModelsSettings() {
        let options = GBTTrainingOptions(), settings = options.boosting
        #expect(settings.ovulationSize(trees: 150, leaves: 15) == (75, 15))
        #expect(settings.levelSize(trees: 150, leaves: 15) == (37, 7))
        #expect(settings.ovulationSize(trees: 12, leaves: 31) == (10, 15))
        #expect(settings.levelSize(trees: 12, leaves: 4) == (10, 4))
        let held = settings.parameters(.squaredError, size: (150, 15), options: options, earlyStopping: true)
        #expect(held.iterationCount == 150 && held.maximumLeafCount == 15)
        #expect(held.minimumDataInLeaf == 40 && held.l2 == 1)
        #expect(held.rowSubsample == 0.8 && held.columnSubsample == 0.8)
        #expect(held.earlyStoppingRounds == 20)
        #expect(held.learningRate == 0.08 && held.seed == 7 && held.threadCount == 2)
        #expect(settings.parameters(.squaredError, size: (150, 15), options: options, earlyStopping: false).earlyStoppingRounds == 0)
    }

    /// A divisor of 0 is read as 1 rather than trapping.
    @Test func zeroDivisorsDoNotTrap() {
        var settings = GBTBoostingSettings()
        settings.ovulationTreeDivisor = 0
        settings.levelTreeDivisor = 0
        #expect(settings.ovulationSize(trees: 30, leaves: 15).trees == 30)
        #expect(settings.levelSize(trees: 30, leaves: 15).trees == 30)
    }
}
