/*
 * bench_capi.c — odml_predict and odml_explain through the C API, timed as odml-bench times the
 * direct Swift call (Benchmarks/odml-bench/CAPISuite.swift): 100 warm-up explanations, then for
 * each case a calibration (at least 3 calls and 50 ms) and REPETITIONS repetitions of the calls
 * that last about 2 ms; per-call median and p99 (nearest rank), one JSON line per case.
 *
 * usage: bench_capi MODEL DATA USER DATE REPETITIONS
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "odml.h"

typedef odml_status (*forecast_function)(const odml_model *, const odml_history *, const char *, const char *, char **);

static odml_model *model;
static odml_history *history;
static const char *date;

static double now_us(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec * 1e6 + (double)time.tv_nsec / 1e3;
}

static void call(forecast_function function) {
    char *json = NULL;
    if (function(model, history, date, "en", &json) != ODML_OK) {
        fprintf(stderr, "bench_capi: %s\n", odml_last_error());
        exit(1);
    }
    odml_string_free(json);
}

static int compare(const void *left, const void *right) {
    double a = *(const double *)left, b = *(const double *)right;
    return (a > b) - (a < b);
}

static void measure(const char *name, forecast_function function, int repetitions) {
    int calls = 0;
    double elapsed = 0;
    while (calls < 3 || elapsed < 50000) {
        double start = now_us();
        call(function);
        elapsed += now_us() - start;
        calls++;
    }
    int per_repetition = (int)fmax(1, round(2000 / (elapsed / calls)));
    double *samples = malloc(sizeof(double) * (size_t)repetitions);
    for (int repetition = 0; repetition < repetitions; repetition++) {
        double start = now_us();
        for (int index = 0; index < per_repetition; index++) call(function);
        samples[repetition] = (now_us() - start) / per_repetition;
    }
    qsort(samples, (size_t)repetitions, sizeof(double), compare);
    double median = repetitions % 2 ? samples[repetitions / 2] : (samples[repetitions / 2 - 1] + samples[repetitions / 2]) / 2;
    int p99 = (int)ceil(0.99 * repetitions) - 1;
    printf("{\"via\": \"c\", \"case\": \"%s\", \"median_us\": %.3f, \"p99_us\": %.3f, \"repetitions\": %d, \"calls_per_repetition\": %d}\n",
           name, median, samples[p99 < 0 ? 0 : p99], repetitions, per_repetition);
    free(samples);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: bench_capi MODEL DATA USER DATE REPETITIONS\n");
        return 2;
    }
    date = argv[4];
    if (odml_model_load(argv[1], NULL, &model) != ODML_OK || odml_history_load(argv[2], argv[3], &history) != ODML_OK) {
        fprintf(stderr, "bench_capi: %s\n", odml_last_error());
        return 1;
    }
    for (int warm = 0; warm < 100; warm++) call(odml_explain);
    int repetitions = atoi(argv[5]);
    measure("predict_json", odml_predict, repetitions);
    measure("explain_json", odml_explain, repetitions);
    odml_history_free(history);
    odml_model_free(model);
    return 0;
}
