/// Builds the one-line `whySummary` of a pick from its top positive reasons (≤ 120 characters).
///
/// Kept behind this one internal function so it can later call the shared `ReasoningGenerator`
/// of the `Explanations` module instead of Elaro's own fr/en phrasing.
func _whySummary(action: ActionTemplate, reasons: [ReasonContribution], context: DailyContext, coldStart: Bool,
                 copingKit: Bool, language: ElaroLanguage) -> String {
    let positive = reasons.filter { $0.contribution > 0.005 }.sorted { $0.contribution > $1.contribution }
    var phrases = positive.prefix(2).map { _reasonPhrase($0.reason, action: action, context: context, coldStart: coldStart, language: language) }
    if phrases.isEmpty {
        phrases = [language == .en ? "a small, doable step today" : "un petit pas faisable aujourd'hui"]
    }
    let prefix: String
    switch (coldStart, copingKit, language) {
    case (_, true, .en): prefix = "Easy pick for a hard week: "
    case (_, true, .fr): prefix = "Choix facile pour une semaine difficile : "
    case (true, false, .en): prefix = "Starting point: "
    case (true, false, .fr): prefix = "Pour commencer : "
    default: prefix = ""
    }
    let joiner = language == .en ? " and " : " et "
    let title = action.title.text(in: language)
    let separator = language == .en ? ": " : " : "
    var sentence = prefix + title + separator + phrases.joined(separator: joiner) + "."
    if sentence.count > 120 { sentence = prefix + title + separator + phrases[0] + "." }
    if sentence.count > 120 { sentence = prefix + phrases[0] + "." }
    if sentence.count > 120 { sentence = String(sentence.prefix(119)) + "…" }
    return sentence
}

func _reasonPhrase(_ reason: Reason, action: ActionTemplate, context: DailyContext, coldStart: Bool, language: ElaroLanguage) -> String {
    let en = language == .en
    switch reason {
    case .focusMatch:
        return en ? "fits your \(context.activeFocus.name(in: .en)) focus" : "va avec votre objectif \(context.activeFocus.name(in: .fr))"
    case .successProbability:
        if coldStart { return en ? "a good first try for most parents" : "un bon premier essai pour la plupart des parents" }
        return en ? "actions like this have worked for you" : "ce genre d'action a bien marché pour vous"
    case .bandwidthFit:
        return en ? "fits the time you usually have" : "tient dans le temps que vous avez d'habitude"
    case .timeOfDayFit:
        switch (context.timeOfDay, en) {
        case (.morning, true): return "suits your mornings"
        case (.morning, false): return "convient à vos matins"
        case (.afternoon, true): return "suits your afternoons"
        case (.afternoon, false): return "convient à vos après-midi"
        case (.evening, true): return "suits your evenings"
        case (.evening, false): return "convient à vos soirées"
        }
    case .noveltyBoost:
        return en ? "something new to try" : "une nouveauté à essayer"
    case .streakMomentum:
        return en ? "keeps your streak going" : "garde votre série en route"
    case .frictionRisk:
        return en ? "light on effort" : "demande peu d'effort"
    }
}
