import Explanations
import Foundation

// A stand-in domain (a weather app) that registers its words with the generic engine the way
// Cycles (`CyclePhrases`) and Elaro (`ElaroPhrases`) do: the engine's tests know no app word.

extension FeatureGroup {
    static let cloud = FeatureGroup("cloud")
    static let wind = FeatureGroup("wind")
    static let pressure = FeatureGroup("pressure")
    static let humidity = FeatureGroup("humidity")
    static let rainfall = FeatureGroup("rainfall")
    static let sunshine = FeatureGroup("sunshine")
    static let frost = FeatureGroup("frost")
    static let season = FeatureGroup("season")
    static let weekday = FeatureGroup("weekday")
    static let station = FeatureGroup("station")
}

extension PredictionKind {
    /// Value: a date.
    static let rainStart = PredictionKind("rain_start")
    /// Value: a probability.
    static let sunny = PredictionKind("sunny")
    /// Value: a level.
    static let warmth = PredictionKind("warmth")
    /// Value: a title, or none.
    static let outing = PredictionKind("outing")
}

/// Ten features, one per group, so each has its own phrase.
let testFeatures: [FeatureDescriptor] = [
    FeatureDescriptor(key: "cloud_cover", group: .cloud),
    FeatureDescriptor(key: "wind_speed", group: .wind),
    FeatureDescriptor(key: "pressure_today", group: .pressure),
    FeatureDescriptor(key: "humidity_today", group: .humidity),
    FeatureDescriptor(key: "rainy_days", group: .rainfall),
    FeatureDescriptor(key: "sunshine_hours", group: .sunshine),
    FeatureDescriptor(key: "frost_nights", group: .frost),
    FeatureDescriptor(key: "season", group: .season),
    FeatureDescriptor(key: "weekday", group: .weekday),
    FeatureDescriptor(key: "station_day", group: .station),
]

/// The stand-in domain's phrase book.
let weatherPhrases = #"""
{
  "predictions": {
    "rain_start": {"fr": "Pluie prévue le {date}", "en": "Rain expected {date}"},
    "sunny.likely": {"fr": "Soleil probable ({percent} %)", "en": "Sun likely ({percent}%)"},
    "sunny.unlikely": {"fr": "Soleil peu probable ({percent} %)", "en": "Sun unlikely ({percent}%)"},
    "warmth.low": {"fr": "Journée fraîche demain", "en": "Cool day tomorrow"},
    "warmth.medium": {"fr": "Journée douce demain", "en": "Mild day tomorrow"},
    "warmth.high": {"fr": "Journée chaude demain", "en": "Warm day tomorrow"},
    "outing": {"fr": "Sortie du jour", "en": "Today's outing"},
    "outing.titled": {"fr": "Nous proposons « {title} »", "en": "We suggest \"{title}\""}
  },
  "factors": {
    "cloud.high": {"fr": "ciel couvert", "en": "overcast sky"},
    "cloud.low": {"fr": "ciel dégagé", "en": "clear sky"},
    "cloud.missing": {"fr": "nuages non relevés", "en": "clouds not recorded"},
    "cloud": {"fr": "nuages habituels", "en": "usual clouds"},
    "wind_speed": {"fr": "vent de {value} km/h", "en": "{value} km/h wind"},
    "wind.missing": {"fr": "vent non relevé", "en": "wind not recorded"},
    "pressure.up": {"fr": "pression en hausse", "en": "rising pressure"},
    "pressure.down": {"fr": "pression en baisse", "en": "falling pressure"},
    "humidity.high": {"fr": "air humide", "en": "humid air"},
    "humidity.low": {"fr": "air sec", "en": "dry air"},
    "humidity": {"fr": "humidité habituelle", "en": "usual humidity"},
    "rainy_days": {"fr": {"one": "{value} jour de pluie", "other": "{value} jours de pluie"}, "en": {"one": "{value} rainy day", "other": "{value} rainy days"}},
    "rainfall.missing": {"fr": "pluie non relevée", "en": "rain not recorded"},
    "sunshine": {"fr": "ensoleillement", "en": "sunshine"},
    "frost": {"fr": "gelées", "en": "frost"},
    "season": {"fr": "saison", "en": "season"},
    "weekday": {"fr": "jour de la semaine", "en": "day of the week"},
    "station_day": {"fr": "jour {value} du relevé", "en": "recording day {value}"},
    "station": {"fr": "station", "en": "station"}
  },
  "texts": {
    "readings": {"fr": {"one": "{count} relevé depuis le {date}", "other": "{count} relevés depuis le {date}", "count": "count"}, "en": {"one": "{count} reading since {date}", "other": "{count} readings since {date}", "count": "count"}},
    "mean_rain": {"fr": "pluie moyenne {amount} mm", "en": "mean rain {amount} mm"},
    "front": {"fr": "front froid en approche", "en": "a cold front coming"}
  }
}
"""#

/// A generator that speaks the stand-in domain's words.
func weatherGenerator(_ configuration: ReasoningGenerator.Configuration = .init()) throws -> ReasoningGenerator {
    try ReasoningGenerator(configuration: configuration,
                           phraseBooks: [PhraseBook(data: Data(weatherPhrases.utf8), file: "weather.json")])
}
