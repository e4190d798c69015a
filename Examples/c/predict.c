/*
 * predict.c — the C API's forecast for users of a dataset, written from odml.h alone.
 *
 * usage: predict MODEL DATA DATE LANGUAGE USER...
 *   MODEL     a .odml file (Models/cycle-gbt.odml, Models/cycle-lstm.odml) or "rules"
 *   DATA      a dataset directory (`odml generate --out DATA`) or an SQLite file
 *   DATE      the day of the forecast, YYYY-MM-DD
 *   LANGUAGE  fr or en
 *   USER      one or more user ids of DATA
 *
 * For each user it prints the JSON `odml predict --json --model MODEL --data DATA --user USER
 * --date DATE --lang LANGUAGE` prints, followed by a newline (scripts/capi-parity.py checks they
 * are the same bytes). Exit status 0 when every forecast succeeded, 1 otherwise (the message on
 * stderr).
 *
 * Like each run of odml, it forecasts each user with a freshly loaded model: a boosted-trees
 * model that has explained many rows in one process switches to faster TreeSHAP tables, whose
 * contributions agree to about 1e-15, not to the last bit (docs/c-api.md, "Determinism").
 *
 * Build: cc -std=c99 -Wall -Wextra -Werror -I<folder of odml.h> predict.c -L<folder of the library>
 *        -lOnDeviceMLC -Wl,-rpath,<folder of the library> -o predict
 */
#include <stdio.h>

#include "odml.h"

/* Prints the failed call and the library's message; returns 1. */
static int fail(const char *what, odml_status status) {
    fprintf(stderr, "predict: %s: %s: %s\n", what, odml_status_name(status), odml_last_error());
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: predict MODEL DATA DATE LANGUAGE USER...\n");
        return 2;
    }
    if (odml_abi_version() != ODML_ABI_VERSION) {
        fprintf(stderr, "predict: library ABI %u, header ABI %d\n", (unsigned)odml_abi_version(), ODML_ABI_VERSION);
        return 1;
    }
    const char *model_path = argv[1], *data = argv[2], *date = argv[3], *language = argv[4];

    int failures = 0;
    for (int index = 5; index < argc; index++) {
        odml_model *model = NULL;
        odml_history *history = NULL;
        char *json = NULL;
        odml_status status = odml_model_load(model_path, NULL, &model);
        if (status != ODML_OK) return fail(model_path, status);
        status = odml_history_load(data, argv[index], &history);
        if (status == ODML_OK) status = odml_predict(model, history, date, language, &json);
        if (status == ODML_OK) {
            printf("%s\n", json);
        } else {
            failures += fail(argv[index], status);
        }
        odml_string_free(json);
        odml_history_free(history);
        odml_model_free(model);
    }
    return failures == 0 ? 0 : 1;
}
