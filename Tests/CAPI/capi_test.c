/*
 * capi_test.c — the C API's tests, against odml.h and the shipped library.
 *
 * usage: capi_test FIXTURES
 *   FIXTURES holds what Tests/CAPI/fixtures.sh prepares with odml: data/ (a generated dataset
 *   of several users), app.sqlite (an app database after a replay), encrypted.odml with its
 *   password in password.txt, explain-u00002.json (odml explain --json of one user), and the
 *   repository's Models/ and Datasets/elaro/example-state.json linked in.
 * Prints one line per failed check and a summary; exit status 0 when every check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odml.h"

static int checks = 0, failures = 0;
static char fixtures[4096];

#define CHECK(condition, ...)                                                  \
    do {                                                                       \
        checks++;                                                              \
        if (!(condition)) {                                                    \
            failures++;                                                        \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #condition); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n");                                             \
        }                                                                      \
    } while (0)

/* A path inside FIXTURES (a static buffer per call site is enough: used at once). */
static const char *fixture(const char *name, char *buffer, size_t size) {
    snprintf(buffer, size, "%s/%s", fixtures, name);
    return buffer;
}

/* The whole content of a file, malloc'd (NULL when unreadable). */
static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)length + 1);
    if (text && fread(text, 1, (size_t)length, file) != (size_t)length) {
        free(text);
        text = NULL;
    }
    if (text) text[length] = '\0';
    fclose(file);
    return text;
}

/* Expects `status` to be `expected` with a message containing `fragment`. */
static void expect_failure(odml_status status, odml_status expected, const char *fragment, const char *what) {
    const char *message = odml_last_error();
    CHECK(status == expected, "%s: %s, expected %s (%s)", what, odml_status_name(status), odml_status_name(expected), message);
    CHECK(message != NULL && strlen(message) > 0 && strcmp(message, "ok") != 0, "%s: empty message", what);
    CHECK(fragment == NULL || strstr(message, fragment) != NULL, "%s: message \"%s\" lacks \"%s\"", what, message, fragment);
}

static void test_library(void) {
    CHECK(odml_abi_version() == ODML_ABI_VERSION, "abi %u", (unsigned)odml_abi_version());
    CHECK(strlen(odml_version()) >= 5, "version \"%s\"", odml_version());
    CHECK(strcmp(odml_status_name(ODML_ERROR_INVALID_DATA), "ODML_ERROR_INVALID_DATA") == 0, "%s", odml_status_name(3));
    CHECK(strcmp(odml_status_name(ODML_OK), "ODML_OK") == 0, "%s", odml_status_name(0));
    CHECK(strcmp(odml_status_name(-5), "ODML_UNKNOWN") == 0, "%s", odml_status_name(-5));
    odml_string_free(NULL);
    odml_model_free(NULL);
    odml_history_free(NULL);
    odml_database_free(NULL);
}

static void test_arguments(void) {
    odml_model *model = (odml_model *)1;
    char *json = (char *)1;
    expect_failure(odml_model_load(NULL, NULL, &model), ODML_ERROR_INVALID_ARGUMENT, "path", "load NULL path");
    CHECK(model == NULL, "out_model not reset on failure");
    expect_failure(odml_model_load("rules", NULL, NULL), ODML_ERROR_INVALID_ARGUMENT, "out_model", "load NULL out");
    expect_failure(odml_model_load("\xff\xfe", NULL, &model), ODML_ERROR_INVALID_ARGUMENT, "UTF-8", "load invalid UTF-8");
    expect_failure(odml_predict(NULL, NULL, NULL, NULL, &json), ODML_ERROR_INVALID_ARGUMENT, "model", "predict NULL model");
    CHECK(json == NULL, "out_json not reset on failure");
    expect_failure(odml_history_from_json(NULL, NULL), ODML_ERROR_INVALID_ARGUMENT, "out_history", "history NULL out");
    expect_failure(odml_elaro_recommend(NULL, NULL, NULL, 1, &json), ODML_ERROR_INVALID_ARGUMENT, "parent_state_json", "elaro NULL");
    CHECK(odml_model_load("rules", NULL, &model) == ODML_OK, "rules: %s", odml_last_error());
    CHECK(strcmp(odml_last_error(), "ok") == 0, "message after a success: %s", odml_last_error());
    expect_failure(odml_history_describe((odml_history *)model, &json), ODML_ERROR_INVALID_ARGUMENT, "another kind",
                   "a model passed as a history");
    odml_model_free(model);
}

static void test_models(void) {
    char path[4096], password_path[4096];
    odml_model *model = NULL;
    char *json = NULL;
    CHECK(odml_model_load(fixture("Models/cycle-gbt.odml", path, sizeof path), NULL, &model) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_model_describe(model, &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"predictor\" : \"gbt\"") && strstr(json, "\"version\" : \"cycle-gbt@"), "%s", json);
    odml_string_free(json);
    odml_model_free(model);

    model = NULL;
    expect_failure(odml_model_load(fixture("missing.odml", path, sizeof path), NULL, &model), ODML_ERROR_NOT_FOUND, "no such file",
                   "missing model");
    expect_failure(odml_model_load(fixture("data/user_profile.csv", path, sizeof path), NULL, &model), ODML_ERROR_INVALID_DATA,
                   "not an OnDeviceML model file", "a CSV file as a model");
    expect_failure(odml_model_load(fixture("truncated.odml", path, sizeof path), NULL, &model), ODML_ERROR_INVALID_DATA, NULL,
                   "a truncated model");
    expect_failure(odml_model_load(fixture("encrypted.odml", path, sizeof path), NULL, &model), ODML_ERROR_WRONG_PASSWORD, NULL,
                   "encrypted model without its password");
    expect_failure(odml_model_load(fixture("encrypted.odml", path, sizeof path), "not the password", &model),
                   ODML_ERROR_WRONG_PASSWORD, NULL, "encrypted model with a wrong password");
    char *password = read_file(fixture("password.txt", password_path, sizeof password_path));
    CHECK(password != NULL, "password.txt unreadable");
    if (password) {
        password[strcspn(password, "\n")] = '\0';
        CHECK(odml_model_load(fixture("encrypted.odml", path, sizeof path), password, &model) == ODML_OK, "%s", odml_last_error());
        odml_model_free(model);
        free(password);
    }
}

static void test_histories(void) {
    char path[4096];
    odml_history *history = NULL;
    char *json = NULL;
    const char *document =
        "{\"profile\": {\"id\": \"doc\", \"created_at\": \"2024-01-01\", \"cycle_type\": \"regular\","
        " \"preferences\": {\"age\": 31, \"language\": \"en\"}},"
        " \"days\": [{\"date\": \"2024-01-31\", \"flow_intensity\": 2},"
        "          {\"date\": \"2024-01-03\", \"flow_intensity\": 3, \"symptoms\": {\"pain\": 6}, \"body_zone\": \"uterus\"},"
        "          {\"date\": \"2024-01-04\", \"flow_intensity\": 2, \"symptoms\": {\"mood\": 4, \"energy\": 5}},"
        "          {\"date\": \"2024-02-01\", \"flow_intensity\": 3}],"
        " \"measurements\": [{\"date\": \"2024-01-16\", \"kind\": \"bbt\", \"value\": 36.7},"
        "                  {\"date\": \"2024-01-14\", \"kind\": \"lh_test\", \"value\": 2}]}";
    CHECK(odml_history_from_json(document, &history) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_history_describe(history, &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"days\" : 4") && strstr(json, "\"measurement_days\" : 2") && strstr(json, "\"2024-01-31\""),
          "%s", json);
    odml_string_free(json);
    odml_history_free(history);

    struct { const char *json, *fragment; } bad[] = {
        {"", "not a JSON document"},
        {"{\"days\": []}", "profile"},
        {"{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-02-30\"}}", "profile.created_at"},
        {"{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-01-01\"}, \"days\": [{\"date\": \"2024-01-02\", \"flow_intensity\": 6}]}",
         "days[0].flow_intensity"},
        {"{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-01-01\"}, \"days\": [{\"date\": \"2024-01-02\", \"symptoms\": {\"pain\": 11}}]}",
         "days[0].symptoms.pain"},
        {"{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-01-01\"}, \"days\": [{\"date\": \"2024-01-02\"}, {\"date\": \"2024-01-02\"}]}",
         "repeats days[0]"},
        {"{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-01-01\"}, \"measurements\": [{\"date\": \"2024-01-02\", \"kind\": \"bbt\", \"value\": 41}]}",
         "measurements[0].value"},
        {"{\"profile\": {\"id\": \"x\", \"created_at\": \"2024-01-01\"}, \"days\": [{\"date\": \"2024-01-02\", \"body_zone\": \"uterus\"}]}",
         "days[0].body_zone"},
    };
    for (size_t index = 0; index < sizeof bad / sizeof bad[0]; index++) {
        history = (odml_history *)1;
        expect_failure(odml_history_from_json(bad[index].json, &history), ODML_ERROR_INVALID_DATA, bad[index].fragment, bad[index].json);
        CHECK(history == NULL, "out_history not reset");
    }

    CHECK(odml_history_load(fixture("data", path, sizeof path), "u00002", &history) == ODML_OK, "%s", odml_last_error());
    odml_history_free(history);
    expect_failure(odml_history_load(fixture("data", path, sizeof path), "nobody", &history), ODML_ERROR_NOT_FOUND, "nobody",
                   "an unknown user");
    expect_failure(odml_history_load(fixture("data", path, sizeof path), NULL, &history), ODML_ERROR_INVALID_ARGUMENT, "users",
                   "no user in a multi-user dataset");
    expect_failure(odml_history_load(fixture("nowhere", path, sizeof path), "u1", &history), ODML_ERROR_NOT_FOUND, NULL,
                   "a missing dataset");
    CHECK(odml_history_load(fixture("app.sqlite", path, sizeof path), NULL, &history) == ODML_OK, "%s", odml_last_error());
    odml_history_free(history);
}

static void test_forecasts(void) {
    char path[4096];
    odml_model *model = NULL;
    odml_history *history = NULL;
    char *json = NULL;
    CHECK(odml_model_load(fixture("Models/cycle-gbt.odml", path, sizeof path), NULL, &model) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_history_load(fixture("data", path, sizeof path), "u00002", &history) == ODML_OK, "%s", odml_last_error());
    char *date = read_file(fixture("date.txt", path, sizeof path));
    CHECK(date != NULL, "date.txt unreadable");
    if (!date) return;
    date[strcspn(date, "\n")] = '\0';

    CHECK(odml_explain(model, history, date, "en", &json) == ODML_OK, "%s", odml_last_error());
    char *expected = read_file(fixture("explain-u00002.json", path, sizeof path));
    CHECK(json && expected && strncmp(json, expected, strlen(json)) == 0 && strlen(expected) == strlen(json) + 1,
          "odml_explain differs from odml explain --json");
    odml_string_free(json);
    free(expected);

    CHECK(odml_predict(model, history, date, "fr-FR", &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"language\" : \"fr\""), "French sentences expected");
    odml_string_free(json);
    CHECK(odml_predict(model, history, NULL, NULL, &json) == ODML_OK, "today: %s", odml_last_error());
    odml_string_free(json);

    expect_failure(odml_predict(model, history, "2024-1-1", "en", &json), ODML_ERROR_INVALID_ARGUMENT, "YYYY-MM-DD", "a bad date");
    expect_failure(odml_predict(model, history, date, "de", &json), ODML_ERROR_INVALID_ARGUMENT, "language", "an unknown language");
    odml_history_free(history);
    odml_model_free(model);
    free(date);
}

/* One thread's share of the concurrency test: the same forecast `rounds` times. */
struct shared_forecast {
    const odml_model *model;
    const odml_history *history;
    const char *expected;
    int rounds;
    int mismatches;
};

static void *forecast_many(void *argument) {
    struct shared_forecast *shared = argument;
    for (int round = 0; round < shared->rounds; round++) {
        char *json = NULL;
        if (odml_predict(shared->model, shared->history, "2025-06-01", "en", &json) != ODML_OK || strcmp(json, shared->expected) != 0) {
            shared->mismatches++;
        }
        odml_string_free(json);
        /* Each thread's message is its own: a failure here leaves the other threads' "ok". */
        odml_model *none = NULL;
        odml_model_load("no-such-model.odml", NULL, &none);
        if (strstr(odml_last_error(), "no-such-model.odml") == NULL) shared->mismatches++;
    }
    return NULL;
}

/* Four threads share one model and one history (`model_file`; `rounds` forecasts each). */
static void test_threads(const char *model_file, int rounds) {
    char path[4096];
    odml_model *model = NULL;
    odml_history *history = NULL;
    char *expected = NULL;
    CHECK(odml_model_load(fixture(model_file, path, sizeof path), NULL, &model) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_history_load(fixture("data", path, sizeof path), "u00003", &history) == ODML_OK, "%s", odml_last_error());
    /* Past its first explained rows a boosted-trees model uses its TreeSHAP tables for good: warm
     * it up first, so that every thread's forecast is computed the same way. */
    for (int round = 0; round < 40; round++) {
        odml_string_free(expected);
        expected = NULL;
        CHECK(odml_predict(model, history, "2025-06-01", "en", &expected) == ODML_OK, "%s", odml_last_error());
    }
    struct shared_forecast shared[4];
    pthread_t threads[4];
    for (int index = 0; index < 4; index++) {
        shared[index] = (struct shared_forecast){model, history, expected, rounds, 0};
        pthread_create(&threads[index], NULL, forecast_many, &shared[index]);
    }
    for (int index = 0; index < 4; index++) {
        pthread_join(threads[index], NULL);
        CHECK(shared[index].mismatches == 0, "%s, thread %d: %d mismatches", model_file, index, shared[index].mismatches);
    }
    odml_string_free(expected);
    odml_history_free(history);
    odml_model_free(model);
}

static void test_database(void) {
    char path[4096], models[4096];
    odml_database *database = NULL;
    odml_model *model = NULL, *base = NULL;
    odml_history *history = NULL;
    char *json = NULL;
    expect_failure(odml_database_open(fixture("missing.sqlite", path, sizeof path), &database), ODML_ERROR_NOT_FOUND, NULL,
                   "a missing database");
    expect_failure(odml_database_open(fixture("data/user_profile.csv", path, sizeof path), &database), ODML_ERROR_DATABASE, NULL,
                   "a CSV file as a database");
    CHECK(odml_database_open(fixture("app.sqlite", path, sizeof path), &database) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_database_history(database, &history) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_history_describe(history, &json) == ODML_OK, "%s", odml_last_error());
    odml_string_free(json);
    odml_history_free(history);

    CHECK(odml_database_active_model(database, NULL, &model) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_model_describe(model, &json) == ODML_OK, "%s", odml_last_error());
    odml_string_free(json);

    CHECK(odml_database_predict(database, NULL, "2025-03-01", &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"predictions\"") && strstr(json, "\"day\" : \"2025-03-01\""), "%s", json);
    odml_string_free(json);
    CHECK(odml_database_predict(database, model, "2025-03-01", &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"inserted\" : 0"), "a second write of a day inserts nothing: %s", json);
    odml_string_free(json);

    CHECK(odml_database_reconcile(database, &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"filled\""), "%s", json);
    odml_string_free(json);

    expect_failure(odml_database_fine_tune(database, NULL, "residual,nonsense", NULL, NULL, &json), ODML_ERROR_INVALID_ARGUMENT,
                   "nonsense", "an unknown strategy");
    CHECK(odml_model_load(fixture("Models/cycle-gbt.odml", path, sizeof path), NULL, &base) == ODML_OK, "%s", odml_last_error());
    CHECK(odml_database_fine_tune(database, base, "residual", fixture("tuned-models", models, sizeof models), NULL, &json) == ODML_OK,
          "%s", odml_last_error());
    CHECK(json && strstr(json, "\"kept\"") && strstr(json, "\"model_version\""), "%s", json);
    odml_string_free(json);
    odml_model_free(base);
    odml_model_free(model);
    odml_database_free(database);
}

static void test_elaro(void) {
    char path[4096];
    char *state = read_file(fixture("example-state.json", path, sizeof path));
    char *json = NULL, *again = NULL;
    CHECK(state != NULL, "example-state.json unreadable");
    if (!state) return;
    CHECK(odml_elaro_recommend(state, NULL, "en", 1, &json) == ODML_OK, "%s", odml_last_error());
    CHECK(json && strstr(json, "\"whySummary\"") && strstr(json, "\"picks\""), "%s", json);
    CHECK(odml_elaro_recommend(state, NULL, "en", 1, &again) == ODML_OK && again && strcmp(json, again) == 0,
          "the same state and seed give the same picks");
    char *expected = read_file(fixture("elaro-recommend.json", path, sizeof path));
    CHECK(json && expected && strlen(expected) == strlen(json) + 1 && strncmp(json, expected, strlen(json)) == 0,
          "odml_elaro_recommend differs from odml elaro recommend --json");
    free(expected);
    odml_string_free(json);
    odml_string_free(again);
    expect_failure(odml_elaro_recommend("{\"childAge\": 6}", NULL, "en", 1, &json), ODML_ERROR_INVALID_DATA,
                   "parent_state_json: situations", "a state without its fields");
    expect_failure(odml_elaro_recommend(state, "{\"contentVersion\": 1, \"actions\": []}", "en", 1, &json), ODML_ERROR_INVALID_DATA,
                   "actions", "an empty library");
    free(state);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: capi_test FIXTURES\n");
        return 2;
    }
    snprintf(fixtures, sizeof fixtures, "%s", argv[1]);
    test_library();
    test_arguments();
    test_models();
    test_histories();
    test_forecasts();
    test_threads("Models/cycle-gbt.odml", 20);
    test_threads("Models/cycle-lstm.odml", 1);
    test_database();
    test_elaro();
    printf("capi_test: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
