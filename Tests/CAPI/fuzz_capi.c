/*
 * fuzz_capi.c — a libFuzzer harness over the C API (make fuzz-capi; a short run in make capi-test).
 *
 * The first byte of an input picks what the rest feeds:
 *   0  the history JSON reader: the bytes as a JSON document (odml_history_from_json); a history
 *      that reads is described and forecast with the rule engine;
 *   1  model bytes: the bytes written as a .odml file (half the time with its CRC-32 repaired, so
 *      that mutations reach the sections), loaded (odml_model_load) and, when it loads, asked
 *      to forecast and explain a fixed history;
 *   2  the predict call: the bytes decoded into a schema-valid history (days, flow, symptoms,
 *      measurements, far-apart or extreme dates), a model (rules, calendar, period-history,
 *      the shipped boosted trees, now and then the LSTM), a day (inside, before or long after
 *      the history, years 0001 to 9999) and a language, then odml_predict or odml_explain;
 *   3  Elaro: the bytes as a parent state JSON (and, now and then, as an action library).
 * Every call must return a status the header lists and a message: "ok" after ODML_OK, a
 * non-empty sentence otherwise; anything else aborts (a finding). At exit it prints how many
 * inputs each target ran and the status codes seen.
 *
 * Environment: ODML_FUZZ_MODELS, the folder holding cycle-gbt.odml and cycle-lstm.odml;
 * ODML_FUZZ_SHOW=N prints the first 20 messages of status N; ODML_FUZZ_PRINT prints each
 * structured history before its forecast.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "odml.h"

#define TARGETS 4
static const char *target_names[TARGETS] = {"history JSON", "model bytes", "predict", "elaro"};
static unsigned long inputs[TARGETS], statuses[8], calls;
static double seconds[TARGETS];
static odml_model *rules, *gbt, *lstm, *calendar, *period_history;
static odml_history *fixed_history;
static char model_path[256];

static void report(void) {
    unsigned long total = 0;
    for (int target = 0; target < TARGETS; target++) total += inputs[target];
    fprintf(stderr, "fuzz-capi: %lu inputs (", total);
    for (int target = 0; target < TARGETS; target++) {
        fprintf(stderr, "%s%s %lu in %.1f s", target ? ", " : "", target_names[target], inputs[target], seconds[target]);
    }
    fprintf(stderr, "), %lu calls, 0 crashes; status codes seen:", calls);
    int distinct = 0;
    for (int status = 0; status < 8; status++) {
        if (statuses[status] == 0) continue;
        distinct++;
        fprintf(stderr, " %s %lu", odml_status_name(status), statuses[status]);
    }
    fprintf(stderr, " (%d distinct)\n", distinct);
    unlink(model_path);
}

/* Checks one call's status and message; aborts when the contract is broken. */
static odml_status checked(odml_status status) {
    const char *message = odml_last_error();
    calls++;
    if (status < 0 || status > ODML_ERROR_FAILED) {
        fprintf(stderr, "fuzz-capi: status %d is not in odml.h\n", (int)status);
        abort();
    }
    if (message == NULL || message[0] == '\0' || (status == ODML_OK) != (strcmp(message, "ok") == 0)) {
        fprintf(stderr, "fuzz-capi: status %s with message \"%s\"\n", odml_status_name(status), message ? message : "(null)");
        abort();
    }
    statuses[status]++;
    const char *show = getenv("ODML_FUZZ_SHOW");
    if (show && atoi(show) == (int)status && statuses[status] <= 20) fprintf(stderr, "%s: %s\n", odml_status_name(status), message);
    return status;
}

static odml_model *load(const char *folder, const char *name) {
    char path[4096];
    odml_model *model = NULL;
    if (name[0] == '/' || folder == NULL) {
        snprintf(path, sizeof path, "%s", name);
    } else {
        snprintf(path, sizeof path, "%s/%s", folder, name);
    }
    if (odml_model_load(path, NULL, &model) != ODML_OK) {
        fprintf(stderr, "fuzz-capi: %s: %s\n", path, odml_last_error());
        exit(2);
    }
    return model;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *folder = getenv("ODML_FUZZ_MODELS");
    if (folder == NULL) {
        fprintf(stderr, "fuzz-capi: set ODML_FUZZ_MODELS to the folder of cycle-gbt.odml and cycle-lstm.odml\n");
        exit(2);
    }
    rules = load(NULL, "rules");
    calendar = load(NULL, "calendar");
    period_history = load(NULL, "period-history");
    gbt = load(folder, "cycle-gbt.odml");
    lstm = load(folder, "cycle-lstm.odml");
    const char *history =
        "{\"profile\": {\"id\": \"fuzz\", \"created_at\": \"2024-01-01\"}, \"days\": ["
        "{\"date\": \"2024-01-03\", \"flow_intensity\": 3, \"symptoms\": {\"energy\": 4, \"mood\": 6}},"
        "{\"date\": \"2024-01-04\", \"flow_intensity\": 2}, {\"date\": \"2024-01-20\", \"symptoms\": {\"pain\": 3}},"
        "{\"date\": \"2024-01-31\", \"flow_intensity\": 4}, {\"date\": \"2024-02-01\", \"flow_intensity\": 3}],"
        "\"measurements\": [{\"date\": \"2024-01-16\", \"kind\": \"bbt\", \"value\": 36.5}]}";
    if (odml_history_from_json(history, &fixed_history) != ODML_OK) {
        fprintf(stderr, "fuzz-capi: the fixed history: %s\n", odml_last_error());
        exit(2);
    }
    snprintf(model_path, sizeof model_path, "/tmp/fuzz-capi-%ld.odml", (long)getpid());
    atexit(report);
    return 0;
}

/* CRC-32 (zlib) of the container: bytes 0..<60, then 64..<size (Sources/ModelFiles/FORMAT.md). */
static uint32_t crc32_update(uint32_t crc, const uint8_t *bytes, size_t count) {
    for (size_t index = 0; index < count; index++) {
        crc ^= bytes[index];
        for (int bit = 0; bit < 8; bit++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc;
}

static void fix_checksum(uint8_t *bytes, size_t size) {
    if (size < 64) return;
    uint32_t crc = crc32_update(0xFFFFFFFFu, bytes, 60);
    crc = crc32_update(crc, bytes + 64, size - 64) ^ 0xFFFFFFFFu;
    for (int index = 0; index < 4; index++) bytes[60 + index] = (uint8_t)(crc >> (8 * index));
}

/* The bytes as a NUL-terminated string (malloc'd). */
static char *string_of(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

static void forecast(const odml_model *model, const odml_history *history, const char *date, const char *language, int explain) {
    char *json = NULL;
    if (explain) {
        checked(odml_explain(model, history, date, language, &json));
    } else {
        checked(odml_predict(model, history, date, language, &json));
    }
    odml_string_free(json);
}

static void fuzz_history_json(const uint8_t *data, size_t size) {
    char *text = string_of(data, size);
    odml_history *history = NULL;
    if (checked(odml_history_from_json(text, &history)) == ODML_OK) {
        char *json = NULL;
        checked(odml_history_describe(history, &json));
        odml_string_free(json);
        forecast(rules, history, "2024-06-01", "en", 0);
    }
    odml_history_free(history);
    free(text);
}

static void fuzz_model_bytes(const uint8_t *data, size_t size) {
    if (size == 0) return;
    uint8_t *bytes = malloc(size);
    if (!bytes) abort();
    memcpy(bytes, data + 1, size - 1);
    if (data[0] & 1) fix_checksum(bytes, size - 1);
    FILE *file = fopen(model_path, "wb");
    if (!file) abort();
    fwrite(bytes, 1, size - 1, file);
    fclose(file);
    free(bytes);
    odml_model *model = NULL;
    if (checked(odml_model_load(model_path, NULL, &model)) == ODML_OK) {
        char *json = NULL;
        checked(odml_model_describe(model, &json));
        odml_string_free(json);
        forecast(model, fixed_history, "2024-02-10", "fr", 0);
        forecast(model, fixed_history, "2024-02-10", "en", 1);
    }
    odml_model_free(model);
}

/* Reads bytes off the input, 0 once it is used up. */
typedef struct {
    const uint8_t *data;
    size_t size, at;
} reader;

static unsigned next(reader *input) {
    return input->at < input->size ? input->data[input->at++] : 0;
}

static int days_in_month(int year, int month) {
    static const int lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : lengths[month - 1];
}

/* The date `offset` days after `year`-01-01 (clamped to 0001...9999), as YYYY-MM-DD. */
static void date_after(int year, long offset, char *buffer, size_t size) {
    int month = 1, day = 1;
    while (offset > 0 && year <= 9999) {
        int left = days_in_month(year, month) - day;
        if (offset <= left) {
            day += (int)offset;
            offset = 0;
        } else {
            offset -= left + 1;
            day = 1;
            if (++month > 12) {
                month = 1;
                year++;
            }
        }
    }
    if (year > 9999) {
        year = 9999;
        month = 12;
        day = 31;
    }
    snprintf(buffer, size, "%04d-%02d-%02d", year, month, day);
}

static void fuzz_predict(const uint8_t *data, size_t size) {
    reader input = {data, size, 0};
    static const int years[] = {2024, 1, 1970, 9998, 2000, 2099};
    int year = years[next(&input) % 6];
    static const char *symptoms[] = {"mood", "energy", "sleep", "stress", "pain"};
    static const char *kinds[] = {"bbt", "wrist_temperature", "lh_test", "cervical_mucus_nfp", "cervix_opening", "cervix_firmness",
                                  "cervix_position"};
    size_t capacity = 16384, length = 0; /* 63 days and 15 measurements fit with room to spare */
    char *json = malloc(capacity);
    if (!json) abort();
    length += (size_t)snprintf(json + length, capacity - length,
                               "{\"profile\": {\"id\": \"u\", \"created_at\": \"%04d-01-01\", \"cycle_type\": \"%s\"}, \"days\": [", year,
                               next(&input) & 1 ? "irregular" : "regular");
    long offset = 0;
    unsigned day_count = next(&input) % 64;
    for (unsigned index = 0; index < day_count; index++) {
        unsigned step = next(&input);
        offset += step < 200 ? step % 7 + 1 : (long)step * 40;
        char date[16];
        date_after(year, offset, date, sizeof date);
        unsigned flow = next(&input) % 6, symptom = next(&input);
        length += (size_t)snprintf(json + length, capacity - length, "%s{\"date\": \"%s\"", index ? ", " : "", date);
        if (flow) length += (size_t)snprintf(json + length, capacity - length, ", \"flow_intensity\": %u", flow);
        if (symptom & 1) {
            length += (size_t)snprintf(json + length, capacity - length, ", \"symptoms\": {\"%s\": %u}", symptoms[(symptom >> 1) % 5],
                                       symptom % 10 + 1);
        }
        length += (size_t)snprintf(json + length, capacity - length, "}");
    }
    length += (size_t)snprintf(json + length, capacity - length, "], \"measurements\": [");
    unsigned measurement_count = next(&input) % 16;
    for (unsigned index = 0; index < measurement_count; index++) {
        char date[16];
        date_after(year, (long)next(&input) * 2, date, sizeof date);
        unsigned kind = next(&input) % 7, value = next(&input);
        double number = kind == 0 ? 34.5 + value / 64.0 : kind == 1 ? value / 42.5 - 3.0 : (double)(value % 3);
        length += (size_t)snprintf(json + length, capacity - length, "%s{\"date\": \"%s\", \"kind\": \"%s\", \"value\": %.2f}",
                                   index ? ", " : "", date, kinds[kind], number);
    }
    snprintf(json + length, capacity - length, "]}");
    odml_history *history = NULL;
    if (checked(odml_history_from_json(json, &history)) == ODML_OK) {
        unsigned choice = next(&input);
        const odml_model *models[] = {rules, calendar, period_history, gbt};
        const odml_model *model = choice == 255 ? lstm : models[choice % 4];
        char date[16];
        unsigned when = next(&input);
        date_after(when < 16 ? years[when % 6] : year, when < 16 ? 0 : offset + (long)(when - 128) * 3, date, sizeof date);
        const char *language = next(&input) & 1 ? "fr" : "en";
        int explain = next(&input) & 1;
        if (getenv("ODML_FUZZ_PRINT")) fprintf(stderr, "predict: model %u, date %s, %s, explain %d, history %s\n", choice, date, language, explain, json);
        forecast(model, history, date, language, explain);
    }
    odml_history_free(history);
    free(json);
}

static void fuzz_elaro(const uint8_t *data, size_t size) {
    char *text = string_of(data, size), *json = NULL;
    const char *library = size > 0 && data[0] == '{' && (size & 7) == 0 ? text : NULL;
    checked(odml_elaro_recommend(text, library, size & 1 ? "fr" : "en", size, &json));
    odml_string_free(json);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    int target = data[0] % TARGETS;
    inputs[target]++;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    switch (target) {
    case 0: fuzz_history_json(data + 1, size - 1); break;
    case 1: fuzz_model_bytes(data + 1, size - 1); break;
    case 2: fuzz_predict(data + 1, size - 1); break;
    default: fuzz_elaro(data + 1, size - 1); break;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    seconds[target] += (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    return 0;
}
