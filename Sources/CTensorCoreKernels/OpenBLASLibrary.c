#if defined(__linux__)
#define _GNU_SOURCE  // dladdr
#endif
#include "CTensorCoreKernels.h"

#include <stdio.h>
#include <string.h>

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

// Why TensorCore opens OpenBLAS itself: OpenBLAS picks its kernels once, while it loads, from the
// CPU's model number (or from OPENBLAS_CORETYPE), and a model newer than the OpenBLAS release gets
// its oldest x86-64 kernels (Prescott, SSE3). Linked the usual way, the library loads before any
// code of ours runs; opened here, on the first BLAS call, the kernel TensorCore chose from the
// CPU's features can be put in OPENBLAS_CORETYPE first, for every program that uses TensorCore.

static odml_openblas library;
static pthread_once_t opened = PTHREAD_ONCE_INIT;
static const char *requestedCoretype;
static pthread_mutex_t requestLock = PTHREAD_MUTEX_INITIALIZER;

/// The names distributions give OpenBLAS: Debian and Ubuntu (through their alternatives),
/// Fedora's pthreads and OpenMP builds, a plain build's development link.
static const char *const libraryNames[] = {"libopenblas.so.0", "libopenblasp.so.0", "libopenblaso.so.0", "libopenblas.so"};
enum { libraryNameCount = sizeof libraryNames / sizeof libraryNames[0] };

static void copyText(char *destination, size_t size, const char *source) {
    snprintf(destination, size, "%s", source ? source : "");
}

/// Resolves every function of `odml_openblas_functions`; on a missing one, says which in `error`.
static int resolve(void *handle) {
    struct {
        void **slot;
        const char *symbol;
    } const table[] = {
        {(void **)&library.functions.sgemm, "cblas_sgemm"},
        {(void **)&library.functions.sgemv, "cblas_sgemv"},
        {(void **)&library.functions.sger, "cblas_sger"},
        {(void **)&library.functions.saxpy, "cblas_saxpy"},
        {(void **)&library.functions.sdot, "cblas_sdot"},
        {(void **)&library.functions.sscal, "cblas_sscal"},
        {(void **)&library.functions.sposv, "sposv_"},
        {(void **)&library.functions.corename, "openblas_get_corename"},
        {(void **)&library.functions.config, "openblas_get_config"},
        {(void **)&library.functions.thread_count, "openblas_get_num_threads"},
        {(void **)&library.functions.set_thread_count, "openblas_set_num_threads"},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        *table[i].slot = dlsym(handle, table[i].symbol);
        if (!*table[i].slot) {
            snprintf(library.error, sizeof library.error, "%s has no %s: not an OpenBLAS with LAPACK", library.path,
                     table[i].symbol);
            memset(&library.functions, 0, sizeof library.functions);
            return 0;
        }
    }
    return 1;
}

static void openLibrary(void) {
    void *handle = NULL;
    for (int i = 0; i < libraryNameCount && !handle; i++) {
        handle = dlopen(libraryNames[i], RTLD_NOW | RTLD_NOLOAD);
        if (handle) copyText(library.path, sizeof library.path, libraryNames[i]);
    }
    const char *environment = getenv("OPENBLAS_CORETYPE");
    copyText(library.coretype, sizeof library.coretype, environment);
    if (handle) {
        library.choice = ODML_OPENBLAS_LOADED_EARLIER;
    } else {
        int setHere = 0;
        if (environment && *environment) {
            library.choice = ODML_OPENBLAS_CHOSEN_BY_ENVIRONMENT;
        } else if (requestedCoretype && *requestedCoretype) {
            // OpenBLAS reads the variable in its constructor, during dlopen; it is removed again
            // right after, so the environment children inherit stays the user's.
            setenv("OPENBLAS_CORETYPE", requestedCoretype, 1);
            setHere = 1;
            copyText(library.coretype, sizeof library.coretype, requestedCoretype);
            library.choice = ODML_OPENBLAS_CHOSEN_BY_CALLER;
        } else {
            library.choice = ODML_OPENBLAS_CHOSEN_BY_LIBRARY;
        }
        char reasons[192] = {0};
        for (int i = 0; i < libraryNameCount && !handle; i++) {
            handle = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
            if (handle) {
                copyText(library.path, sizeof library.path, libraryNames[i]);
            } else if (i == 0) {
                copyText(reasons, sizeof reasons, dlerror());
            }
        }
        if (setHere) unsetenv("OPENBLAS_CORETYPE");
        if (!handle) {
            snprintf(library.error, sizeof library.error,
                     "OpenBLAS could not be opened (%s): install it (Debian, Ubuntu: apt-get install libopenblas0)", reasons);
            return;
        }
    }
    if (!resolve(handle)) return;
    Dl_info info;
    if (dladdr((void *)library.functions.sgemm, &info) && info.dli_fname) copyText(library.path, sizeof library.path, info.dli_fname);
}

const odml_openblas *odml_openblas_open(const char *coretype) {
    pthread_mutex_lock(&requestLock);
    if (!requestedCoretype && coretype) requestedCoretype = strdup(coretype);
    pthread_mutex_unlock(&requestLock);
    pthread_once(&opened, openLibrary);
    return &library;
}

#else

const odml_openblas *odml_openblas_open(const char *coretype) {
    (void)coretype;
    static const odml_openblas unavailable = {.error = "OpenBLAS is opened on Linux only (Accelerate elsewhere)"};
    return &unavailable;
}

#endif
