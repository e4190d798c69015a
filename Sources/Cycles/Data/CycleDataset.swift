import TensorCore

/// Many users' cycle data, with the generator's latent truth when the data is synthetic.
public struct CycleDataset: Sendable, Equatable {
    /// The users, in file order (generated: by index).
    package var users: [UserHistory]
    /// Latent truth per user id (`truth.csv`); `nil` for real data.
    public var truth: [String: [CycleTruth]]?
    /// Provenance and summary.
    package var manifest: DatasetManifest
    /// Rows skipped by a lenient load, each with its file, line and reason (empty otherwise).
    package var skippedRows: [DatasetError] = []

    /// Creates a dataset.
    package init(users: [UserHistory], truth: [String: [CycleTruth]]? = nil, manifest: DatasetManifest? = nil) {
        self.users = users
        self.truth = truth
        self.manifest = manifest ?? DatasetManifest(generator: "import", users: users.count)
    }

    /// Splits by user (never by day): a seeded shuffle of the users, the first
    /// `round(testFraction × count)` go to `test`, the rest to `train`; each keeps file order.
    package func splitByUser(testFraction: Double, seed: UInt64) -> (train: CycleDataset, test: CycleDataset) {
        var generator = SeededGenerator(seed: seed)
        var order = Array(users.indices)
        for index in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(index, generator.nextInt(below: index + 1))
        }
        let testCount = Int((Double(users.count) * min(max(testFraction, 0), 1)).rounded())
        let testIndices = Set(order.prefix(testCount))
        var train: [UserHistory] = [], test: [UserHistory] = []
        for (index, user) in users.enumerated() {
            if testIndices.contains(index) { test.append(user) } else { train.append(user) }
        }
        return (subset(train), subset(test))
    }

    /// The dataset restricted to `subsetUsers` (truth and manifest follow).
    package func subset(_ subsetUsers: [UserHistory]) -> CycleDataset {
        var manifest = self.manifest
        manifest.users = subsetUsers.count
        let truth = self.truth.map { all in
            Dictionary(uniqueKeysWithValues: subsetUsers.compactMap { user in all[user.userID].map { (user.userID, $0) } })
        }
        return CycleDataset(users: subsetUsers, truth: truth, manifest: manifest)
    }
}

extension CycleDataset {
    /// The phase the app displays for a cycle day (a fixed 28-day template; never truth):
    /// days 1–5 menstrual, 6–12 follicular, 13–15 ovulatory, 16+ luteal.
    package static func displayedPhase(cycleDay: Int) -> String {
        switch cycleDay {
        case ...5: return "menstrual"
        case 6...12: return "follicular"
        case 13...15: return "ovulatory"
        default: return "luteal"
        }
    }
}
