/*
 * odml.h — the C API of OnDeviceML (library: libOnDeviceMLC.so on Linux and Android).
 *
 * One engine for every platform: the cycle forecasts of ShifAI (next period, ovulation, energy,
 * mood, each with a sentence in French or English and a confidence), the loop inside the app's
 * own database (write the day's forecast, score past ones, fine-tune, pick the active model) and
 * Elaro's daily recommendation. The same code runs behind the `odml` command line: `odml_predict`
 * returns exactly the text `odml predict --json` prints (without its final newline).
 *
 * Plain C99; also compiles as C++ (declarations are `extern "C"`).
 *
 * ---------------------------------------------------------------------------------------------
 * CONVENTIONS (read these first)
 * ---------------------------------------------------------------------------------------------
 * Status.   Every function that can fail returns an `odml_status`: ODML_OK (0) on success, one of
 *           the ODML_ERROR_* codes below otherwise. Nothing aborts the process on bad input:
 *           a malformed file, a wrong password, NULL where a value is required, invalid UTF-8 —
 *           each gives a status and a message.
 * Message.  `odml_last_error()` returns the message of the calling thread's last call: a
 *           sentence naming what was wrong and what was expected (e.g.
 *           "history JSON: days[3].flow_intensity: found \"9\", expected an integer in 1...5 or
 *           empty"), or "ok" after a success. It is owned by the library and stays valid until
 *           the same thread's next call into the library; copy it to keep it.
 * Strings.  Every `const char *` argument is a NUL-terminated UTF-8 string. Strings the library
 *           returns through a `char **out_json` are allocated by it: free each with
 *           `odml_string_free` (never with your own `free`).
 * JSON.     Structured results are JSON text (UTF-8, keys sorted, pretty-printed with 2-space
 *           indentation). Structured inputs are JSON text too (the history document, Elaro's
 *           parent state and action library, below).
 * Handles.  `odml_model`, `odml_history` and `odml_database` are opaque: create them with the
 *           functions below, release each exactly once with its `*_free` (freeing NULL does
 *           nothing). On failure a function sets its `*out_…` to NULL.
 * Outputs.  Out-parameters (`out_model`, `out_json`, …) must not be NULL.
 * Dates.    "YYYY-MM-DD". Where a date argument may be NULL, NULL means today in the device's
 *           local time zone.
 * Language. "fr" or "en", a region allowed ("fr-FR", "en_US"). Where it may be NULL, NULL means
 *           the command line's default (French for cycles, English for Elaro).
 *
 * THREAD SAFETY
 *   odml_model    immutable once loaded: any number of threads may use one model at once.
 *   odml_history  immutable once read: any number of threads may use one history at once.
 *   odml_database may be used from any thread; calls on one database run one at a time.
 *   odml_last_error is per thread. A handle must not be freed while another thread uses it.
 *
 * MINIMAL EXAMPLE (error handling shortened)
 *
 *   odml_model *model = NULL;  odml_history *history = NULL;  char *json = NULL;
 *   if (odml_model_load("Models/cycle-gbt.odml", NULL, &model) != ODML_OK ||
 *       odml_history_load("data/users", "user-0001", &history) != ODML_OK ||
 *       odml_predict(model, history, "2024-06-01", "en", &json) != ODML_OK) {
 *       fprintf(stderr, "odml: %s\n", odml_last_error());
 *   } else {
 *       puts(json);                      // same text as: odml predict --json --model … --data … --user … --date … --lang en
 *   }
 *   odml_string_free(json);  odml_history_free(history);  odml_model_free(model);
 *
 * Building: cc -std=c99 app.c -I<folder of odml.h> -L<folder of the library> -lOnDeviceMLC
 *           -Wl,-rpath,<folder of the library>. The library needs only the C and C++ runtimes
 *           (libc, libm, libstdc++, libgcc_s) and SQLite (libsqlite3); OpenBLAS is opened at run
 *           time (the models need it: without it odml_model_load returns ODML_ERROR_UNSUPPORTED).
 *           Keep the `OnDeviceML_*.resources` folders beside the library (they hold the
 *           sentences' phrase books), or name the folder holding them in the environment
 *           variable ODML_RESOURCES before the first call.
 */
#ifndef ODML_H
#define ODML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes. `odml_abi_version()` returns the library's; they must be
 * equal (a new version changes a signature or a struct layout; adding a function does not). */
#define ODML_ABI_VERSION 1

/* ---------------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------------- */

/* A function's outcome: ODML_OK or one of the ODML_ERROR_* codes. */
typedef int32_t odml_status;

#define ODML_OK 0
/* An argument is NULL where a value is required, not UTF-8, or not of the expected form (a date
 * that is not YYYY-MM-DD, an unknown language or strategy name). */
#define ODML_ERROR_INVALID_ARGUMENT 1
/* A file, folder or user that does not exist. */
#define ODML_ERROR_NOT_FOUND 2
/* Data that does not follow its format: a malformed model file, a history JSON or dataset row
 * that breaks a rule, Elaro JSON that breaks its schema. The message names the place. */
#define ODML_ERROR_INVALID_DATA 3
/* An encrypted model file without a password, or with a wrong one. */
#define ODML_ERROR_WRONG_PASSWORD 4
/* Something this build or this model cannot do: a model kind it cannot run, an SQLite file in a
 * build without SQLite, encryption in a build without it. */
#define ODML_ERROR_UNSUPPORTED 5
/* The app's database could not be read or written (not an SQLite file, corrupt, locked). */
#define ODML_ERROR_DATABASE 6
/* The computation could not be done on these inputs (e.g. too little history to fine-tune), or
 * a file could not be written. */
#define ODML_ERROR_FAILED 7

/* ---------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------- */

/* The library's version, e.g. "0.1.0" (static string, never NULL, never freed). */
const char *odml_version(void);

/* The library's ABI version; compare it with ODML_ABI_VERSION before any other call. */
uint32_t odml_abi_version(void);

/* The message of the calling thread's last call ("ok" after a success; see CONVENTIONS). Never
 * NULL. Valid until the same thread's next call into the library. */
const char *odml_last_error(void);

/* The name of a status, e.g. "ODML_ERROR_INVALID_DATA" (static string, never NULL; "ODML_UNKNOWN"
 * for a value not listed above). */
const char *odml_status_name(odml_status status);

/* Frees a string the library returned through an `out_json`. NULL does nothing. */
void odml_string_free(char *string);

/* ---------------------------------------------------------------------------------------------
 * Models
 * ------------------------------------------------------------------------------------------- */

/* A cycle model: a population model file (`.odml`: boosted trees or LSTM), her personal model
 * written by `odml_database_fine_tune`, or a built-in rule model. */
typedef struct odml_model odml_model;

/* Loads a model.
 * path:     a `.odml` file, or a built-in name: "rules" (the rule engine), "calendar",
 *           "period-history".
 * password: the password of an encrypted file; NULL for a plain file.
 * Errors:   NOT_FOUND (no such file), WRONG_PASSWORD, INVALID_DATA (not a model file, truncated,
 *           corrupt), UNSUPPORTED (a kind this build cannot run). */
odml_status odml_model_load(const char *path, const char *password, odml_model **out_model);

/* What a model is, as JSON:
 *   {"kind": "cycle-gbt", "personal": false, "predictor": "gbt",
 *    "source": "Models/cycle-gbt.odml", "version": "cycle-gbt@1A2B3C4D"}
 * `version` is what the app's `predictions.model_version` column records. */
odml_status odml_model_describe(const odml_model *model, char **out_json);

/* Releases a model. NULL does nothing. */
void odml_model_free(odml_model *model);

/* ---------------------------------------------------------------------------------------------
 * Histories: one user's logs
 * ------------------------------------------------------------------------------------------- */

/* One user's logged days, symptoms, fertility measurements and profile. */
typedef struct odml_history odml_history;

/* Reads a history from a JSON document (UTF-8):
 *
 *   {
 *     "profile": {
 *       "id": "user-1",                     required, non-empty
 *       "created_at": "2024-01-01",         required, YYYY-MM-DD
 *       "cycle_type": "irregular",          "regular", "irregular" or "unknown" (default)
 *       "conditions": ["sopk"],             declared conditions, e.g. "sopk", "endo" (default [])
 *       "onboarding_completed": true,       default true
 *       "preferences": {"age": 31, "language": "fr"}
 *                                           any JSON object; "age" if present is a number in
 *                                           10...70, "language" a language tag (default {})
 *     },
 *     "days": [                             the days she opened the log, any order, one per date
 *       {"date": "2024-01-03",              required
 *        "flow_intensity": 3,               menstrual flow 1...5; absent or null: no bleeding
 *        "symptoms": {"pain": 6, "mood": 4},
 *                                           levels 1...10 of "mood", "energy", "sleep",
 *                                           "stress", "pain" (default {})
 *        "body_zone": "uterus",             where the pain was felt: "uterus", "left_ovary",
 *                                           "right_ovary", "lower_back", "thighs" (needs "pain")
 *        "pain_type": "cramping"}           "cramping", "burning", "pressure", "other" (needs "pain")
 *     ],
 *     "measurements": [                     fertility signals, any order, one per date and kind
 *       {"date": "2024-01-15",              required
 *        "kind": "bbt",                     required, with its "value" (required):
 *                                             "bbt"                basal temperature, °C, 34.5...38.5
 *                                             "wrist_temperature"  a wearable's nightly deviation, °C, -3...3
 *                                             "lh_test"            0 negative, 1 positive, 2 peak
 *                                             "cervical_mucus_nfp" 0 t (dry), 1 Ø (nothing), 2 f (moist),
 *                                                                  3 S (creamy), 4 S+ (egg-white)
 *                                             "cervix_opening"     0 closed, 1 partly open, 2 open
 *                                             "cervix_firmness"    0 firm, 1 soft
 *                                             "cervix_position"    0 low, 1 middle, 2 high
 *        "value": 36.55,
 *        "source": "manual",                where it came from (default "manual")
 *        "disturbed": false}                a reading she marked disturbed (illness, short night, …)
 *     ]
 *   }
 *
 * "days" and "measurements" may be omitted. Period starts are derived from the flow days (the
 * first flow day after at least two days without flow). The rules are those of a dataset
 * directory's files, so a history reads the same from either.
 * Errors:   INVALID_DATA, the message naming the JSON path ("days[3].flow_intensity"). */
odml_status odml_history_from_json(const char *json, odml_history **out_history);

/* Reads one user's history from a file or folder:
 *   - a dataset directory (user_profile.csv, cycle_entries.csv, …, as `odml generate` writes),
 *   - a multi-user SQLite dataset (`.sqlite`),
 *   - the app's own database file (ShifAI's tables; it holds one user).
 * user_id:  the user to read; NULL when the data holds exactly one user.
 * Errors:   NOT_FOUND (no such path or user), INVALID_DATA (a row that breaks a rule: the
 *           message names file, line and column), DATABASE, UNSUPPORTED (SQLite not built in). */
odml_status odml_history_load(const char *path, const char *user_id, odml_history **out_history);

/* A summary of a history, as JSON:
 *   {"days": 412, "first_day": "2023-01-04", "last_day": "2024-05-30", "measurement_days": 120,
 *    "period_starts": ["2023-01-04", …], "user": "user-1"}
 * ("first_day" and "last_day" are null when no day is logged.) */
odml_status odml_history_describe(const odml_history *history, char **out_json);

/* Releases a history. NULL does nothing. */
void odml_history_free(odml_history *history);

/* ---------------------------------------------------------------------------------------------
 * Forecasts
 * ------------------------------------------------------------------------------------------- */

/* The forecast for `history`'s user on `date` (records after `date` are not read), sentences in
 * `language`; the JSON `odml predict --json` prints, without its final newline:
 *   {"as_of", "model", "user", "next_period_start", "next_period_uncertainty_days",
 *    "next_period_confidence", "next_period_intervals": {"50": [first, last], "80": …, "95": …},
 *    "ovulation": {"date", "passed_probability"}, "energy_tomorrow" / "mood_tomorrow":
 *    {"level", "value", "reasoning"}, "reasoning": {"text", "factors": […], …},
 *    "fertility": {…}}
 * Optional members are absent when the model does not give them.
 * date:     YYYY-MM-DD, or NULL for today.   language: "fr" / "en" (NULL: "fr").
 * Errors:   INVALID_ARGUMENT (date, language, a date more than 100 years after her first logged
 *           day), FAILED (a forecast that cannot be computed, e.g. no day logged yet).
 * Last digits: a boosted-trees model that has explained more than 32 rows (about ten forecasts)
 * in a process switches to precomputed tables; its contributions then agree with a freshly
 * loaded model, and with `odml`, to about 1e-15 rather than to the last printed digit. Where
 * byte-for-byte equality with `odml` matters, load the model afresh for each forecast. */
odml_status odml_predict(const odml_model *model, const odml_history *history, const char *date, const char *language,
                         char **out_json);

/* `odml_predict` with every contribution behind the period forecast: the JSON
 * `odml explain --json` prints, without its final newline:
 *   {"prediction": <odml_predict's JSON>, "attribution": {"baselineValue", "outputValue",
 *    "contributions": [{"key", "group", "contribution", …}], …}, "explanation": {"text", …}}
 * Same arguments and errors as `odml_predict`. */
odml_status odml_explain(const odml_model *model, const odml_history *history, const char *date, const char *language,
                         char **out_json);

/* ---------------------------------------------------------------------------------------------
 * The loop inside the app's database (needs a build with SQLite, the default)
 * ------------------------------------------------------------------------------------------- */

/* The app's own SQLite database (ShifAI's tables: user_profile, cycle_entries, symptom_logs,
 * measurements, predictions, insights), opened read-write. */
typedef struct odml_database odml_database;

/* Opens the app's database file (it must exist and hold the app's tables and one profile).
 * Errors:   NOT_FOUND, INVALID_DATA (not the app's tables), DATABASE, UNSUPPORTED. */
odml_status odml_database_open(const char *path, odml_database **out_database);

/* Releases a database (closing it). NULL does nothing. */
void odml_database_free(odml_database *database);

/* Her history as the database holds it (an `odml_history` to pass to `odml_predict`). */
odml_status odml_database_history(const odml_database *database, odml_history **out_history);

/* The model the database records as active (the last row of its `odml_model_log` table, written
 * by `odml_database_fine_tune`), or the rule engine when it records none. `password` decrypts
 * her personal model file when it is encrypted (NULL otherwise). */
odml_status odml_database_active_model(const odml_database *database, const char *password, odml_model **out_model);

/* Forecasts `date` with `model` (NULL: the active model, see `odml_database_active_model`, read
 * without a password) and writes the day's `predictions` and `insights` rows in one transaction,
 * sentences in her preferences' language; idempotent per day and model version. Returns the
 * JSON `odml predict --write --json` prints:
 *   {"database", "day", "inserted", "model_version", "source", "predictions": [rows],
 *    "insights": [rows]}   ("inserted" is 0 when the day was already written). */
odml_status odml_database_predict(odml_database *database, const odml_model *model, const char *date, char **out_json);

/* Scores the past predictions whose truth she has logged since (fills actual_date,
 * actual_value, accuracy_score), in one transaction. Returns the JSON `odml reconcile --json`
 * prints: {"filled": {type: n}, "accurate": {type: n}, "open": {type: n}}. */
odml_status odml_database_reconcile(odml_database *database, char **out_json);

/* Fine-tunes a personal model on her logs and reconciled predictions, keeps it only when it
 * beats the current model on her most recent cycles, writes it to `models_directory` (encrypted
 * with `password` when not NULL) and records the active model in the database.
 * base:             the population model to start from; NULL: the base of the active model.
 * strategies:       comma-separated, tried in order: "residual", "luteal", "gbt" (boosted trees
 *                   only); NULL: "residual,luteal".
 * models_directory: where her model file goes; NULL: beside the database, "<name>.models".
 * Returns the JSON `odml finetune --data <app.sqlite> --json` prints: {"user", "cutoff",
 * "strategy", "kept", "reason", "feedback_signals", "inaccurate_signals", "current_score",
 * "candidate_score", "out", "bytes", "encrypted", "model_version"}.
 * Errors:   INVALID_ARGUMENT (a strategy name; no base and none recorded), FAILED (too little
 *           history), DATABASE. */
odml_status odml_database_fine_tune(odml_database *database, const odml_model *base, const char *strategies,
                                    const char *models_directory, const char *password, char **out_json);

/* ---------------------------------------------------------------------------------------------
 * Elaro: the parenting-habit coach
 * ------------------------------------------------------------------------------------------- */

/* Today's ranked suggestions for a parent; the JSON `odml elaro recommend --json` prints:
 *   {"picks": [{"actionID", "title", "focusArea", "variantMinutes", "instructions", "score",
 *               "reasons": [{"reason", "contribution"}], "whySummary", "propensity", …}],
 *    "emptyReason": null or a sentence, "copingKitMode", "coldStart", "candidateCount", …}
 * parent_state_json: the parent's state and history:
 *   {"childAge": 6, "situations": ["travelling"], "activeFocus": "routines",
 *    "acceptedTags": ["bedtime"], "today": 40, "timeOfDay": "evening",
 *    "history": [{"actionID": "conn-hug-count", "day": 38, "variantMinutes": 5,
 *                 "timeOfDay": "evening", "outcome": "rated", "rating": 4}, …]}
 *   (day numbers count from a Monday, day 0; "today" is the day planned; focus areas:
 *   connection, routines, emotions, play, autonomy, self-care; times of day: morning,
 *   afternoon, evening, any; outcomes: completed, skipped, snoozed, rated (with "rating" 1...5);
 *   variants: 5, 10 or 20 minutes; every "actionID" must be in the library).
 * library_json:      the candidate actions (an action library, Sources/Elaro/Content/actions.schema.json);
 *                    NULL: the bundled library.
 * language:          "en" / "fr" (NULL: "en").   seed: the exploration layer's seed (the CLI's
 *                    --seed, default 1); the same inputs and seed give the same picks.
 * Errors:            INVALID_DATA (the message names the field), INVALID_ARGUMENT. */
odml_status odml_elaro_recommend(const char *parent_state_json, const char *library_json, const char *language, uint64_t seed,
                                 char **out_json);

#ifdef __cplusplus
}
#endif

#endif /* ODML_H */
