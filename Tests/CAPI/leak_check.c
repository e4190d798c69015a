/*
 * leak_check.c — load, forecast and free, over and over, for a leak checker (make leak-capi runs
 * it under valgrind and LeakSanitizer; a short run is part of make capi-test).
 *
 * usage: leak_check MODELS CYCLES
 * Each cycle loads Models/cycle-gbt.odml, reads a history from JSON, forecasts and explains,
 * describes both handles, provokes three failures (a missing model, a bad history, a bad date)
 * and frees everything. Exit status 0 when every call behaved; the leak checker's own report
 * (and exit status) says whether memory was lost.
 */
#include <stdio.h>
#include <stdlib.h>

#include "odml.h"

static const char *history_json =
    "{\"profile\": {\"id\": \"leak\", \"created_at\": \"2024-01-01\", \"preferences\": {\"age\": 29}},"
    " \"days\": [{\"date\": \"2024-01-03\", \"flow_intensity\": 3, \"symptoms\": {\"energy\": 4, \"mood\": 6}},"
    "          {\"date\": \"2024-01-04\", \"flow_intensity\": 2}, {\"date\": \"2024-01-31\", \"flow_intensity\": 3},"
    "          {\"date\": \"2024-02-01\", \"flow_intensity\": 2, \"symptoms\": {\"pain\": 4}}],"
    " \"measurements\": [{\"date\": \"2024-01-16\", \"kind\": \"bbt\", \"value\": 36.6}]}";

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: leak_check MODELS CYCLES\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/cycle-gbt.odml", argv[1]);
    long cycles = strtol(argv[2], NULL, 10);
    int failures = 0;
    for (long cycle = 0; cycle < cycles; cycle++) {
        odml_model *model = NULL, *missing = NULL;
        odml_history *history = NULL, *bad = NULL;
        char *forecast = NULL, *explanation = NULL, *model_json = NULL, *history_summary = NULL, *none = NULL;
        failures += odml_model_load(path, NULL, &model) != ODML_OK;
        failures += odml_history_from_json(history_json, &history) != ODML_OK;
        failures += odml_predict(model, history, "2024-02-10", "fr", &forecast) != ODML_OK;
        failures += odml_explain(model, history, "2024-02-10", "en", &explanation) != ODML_OK;
        failures += odml_model_describe(model, &model_json) != ODML_OK;
        failures += odml_history_describe(history, &history_summary) != ODML_OK;
        failures += odml_model_load("missing.odml", NULL, &missing) != ODML_ERROR_NOT_FOUND;
        failures += odml_history_from_json("{\"profile\": {\"id\": \"x\"}}", &bad) != ODML_ERROR_INVALID_DATA;
        failures += odml_predict(model, history, "not a date", "en", &none) != ODML_ERROR_INVALID_ARGUMENT;
        odml_string_free(forecast);
        odml_string_free(explanation);
        odml_string_free(model_json);
        odml_string_free(history_summary);
        odml_history_free(history);
        odml_model_free(model);
    }
    printf("leak_check: %ld cycles of load, forecast, explain, three failures and free; %d calls misbehaved\n", cycles, failures);
    return failures == 0 ? 0 : 1;
}
