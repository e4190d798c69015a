extension Attribution {
    /// The attribution with one entry per feature group: contributions are summed, the value and
    /// direction are those of the group's strongest member (largest `|contribution|`), and the key
    /// is the group's raw value. Groups keep the order of their first member.
    public func grouped() -> Attribution {
        var order: [FeatureGroup] = []
        var members: [FeatureGroup: [FeatureContribution]] = [:]
        for contribution in contributions {
            if members[contribution.group] == nil { order.append(contribution.group) }
            members[contribution.group, default: []].append(contribution)
        }
        let grouped = order.map { group -> FeatureContribution in
            let list = members[group]!
            let strongest = list.max { abs($0.contribution) < abs($1.contribution) }!
            let total = list.reduce(0) { $0 + $1.contribution }
            return FeatureContribution(key: group.rawValue, name: group.rawValue, group: group,
                                       value: strongest.value, baselineValue: strongest.baselineValue,
                                       direction: strongest.direction, contribution: total)
        }
        var copy = self
        copy.contributions = grouped
        return copy
    }
}
