#ifndef ODML_CTENSORCOREKERNELS_H
#define ODML_CTENSORCOREKERNELS_H

#include <stddef.h>
#include <stdint.h>

// TensorCore's C side: what the CPU can do (CPUID), the system BLAS opened at run time on Linux
// (so that its kernels are chosen from those features before it loads), and the vector math
// kernels (exp, sigmoid, tanh, softmax) written once over a vector of LANES floats and
// instantiated for AVX-512, AVX2 + FMA, NEON and portable C, chosen at run time.

// MARK: - The CPU

/// Instruction sets a kernel can be instantiated for.
typedef enum {
    /// Portable C, one lane: any CPU, the reference the others are tested against.
    ODML_ISA_PORTABLE = 0,
    /// x86-64 AVX2 + FMA, 8 lanes.
    ODML_ISA_AVX2 = 1,
    /// x86-64 AVX-512 (F, with BW, VL and DQ), 16 lanes.
    ODML_ISA_AVX512 = 2,
    /// arm64 NEON, 4 lanes.
    ODML_ISA_NEON = 3,
} odml_isa;

/// CPU features, as bits of `odml_cpu.features`. The vector ones count only when the operating
/// system saves their registers (XGETBV), so a feature set here can be used.
enum {
    ODML_CPU_SSE3 = 1u << 0,
    ODML_CPU_SSSE3 = 1u << 1,
    ODML_CPU_SSE4_1 = 1u << 2,
    ODML_CPU_SSE4_2 = 1u << 3,
    ODML_CPU_AVX = 1u << 4,
    ODML_CPU_AVX2 = 1u << 5,
    ODML_CPU_FMA = 1u << 6,
    ODML_CPU_F16C = 1u << 7,
    ODML_CPU_AVX512F = 1u << 8,
    ODML_CPU_AVX512BW = 1u << 9,
    ODML_CPU_AVX512VL = 1u << 10,
    ODML_CPU_AVX512DQ = 1u << 11,
    ODML_CPU_AVX512CD = 1u << 12,
    ODML_CPU_AVX512VNNI = 1u << 13,
    ODML_CPU_AVX512BF16 = 1u << 14,
    ODML_CPU_NEON = 1u << 15,
};

/// The processor: CPUID's vendor, brand string, family and model (x86-64), the features above.
typedef struct {
    /// "GenuineIntel", "AuthenticAMD", … ; "arm64" on arm64.
    char vendor[16];
    /// CPUID's brand string ("Intel(R) Xeon(R) Platinum 8488C"), trimmed; may be empty.
    char brand[64];
    /// Display family and model (family + extended family, model + extended model), 0 on arm64.
    unsigned family, model, stepping;
    /// `ODML_CPU_*` bits.
    uint32_t features;
} odml_cpu;

/// This CPU (asked once, then cached; thread-safe).
const odml_cpu *odml_cpu_current(void);

/// Whether kernels instantiated for `isa` can run on this CPU (`ODML_ISA_PORTABLE`: always).
int odml_isa_is_supported(odml_isa isa);

/// The widest instruction set this CPU supports among those the kernels are instantiated for:
/// AVX-512, then AVX2 + FMA on x86-64; NEON on arm64; portable elsewhere.
odml_isa odml_isa_best(void);

// MARK: - OpenBLAS, opened at run time (Linux)

/// CBLAS constants (the standard's values).
enum { ODML_CBLAS_ROW_MAJOR = 101, ODML_CBLAS_NO_TRANS = 111, ODML_CBLAS_TRANS = 112 };

/// The functions TensorCore calls, resolved from the OpenBLAS library (CBLAS interface, 32-bit
/// integers as in Debian's LP64 build; `sposv` is LAPACK's Fortran entry point, which takes every
/// argument by address and the length of `uplo` last).
typedef struct {
    void (*sgemm)(int order, int transposeA, int transposeB, int m, int n, int k, float alpha, const float *a, int lda,
                  const float *b, int ldb, float beta, float *c, int ldc);
    void (*sgemv)(int order, int transpose, int m, int n, float alpha, const float *a, int lda, const float *x, int incx,
                  float beta, float *y, int incy);
    void (*sger)(int order, int m, int n, float alpha, const float *x, int incx, const float *y, int incy, float *a, int lda);
    void (*saxpy)(int n, float alpha, const float *x, int incx, float *y, int incy);
    float (*sdot)(int n, const float *x, int incx, const float *y, int incy);
    void (*sscal)(int n, float alpha, float *x, int incx);
    void (*sposv)(const char *uplo, const int *n, const int *rightHandSides, float *a, const int *lda, float *b,
                  const int *ldb, int *info, size_t uploLength);
    char *(*corename)(void);
    char *(*config)(void);
    int (*thread_count)(void);
    void (*set_thread_count)(int count);
} odml_openblas_functions;

/// How the OpenBLAS library came to use its kernel.
typedef enum {
    /// OpenBLAS chose by itself (`OPENBLAS_CORETYPE` unset and no kernel was asked for).
    ODML_OPENBLAS_CHOSEN_BY_LIBRARY = 0,
    /// `OPENBLAS_CORETYPE` was set in the environment before the process asked for BLAS.
    ODML_OPENBLAS_CHOSEN_BY_ENVIRONMENT = 1,
    /// `odml_openblas_open` set `OPENBLAS_CORETYPE` to the kernel it was asked for while loading.
    ODML_OPENBLAS_CHOSEN_BY_CALLER = 2,
    /// The library was already in the process (loaded by something else): its kernel was chosen then.
    ODML_OPENBLAS_LOADED_EARLIER = 3,
} odml_openblas_choice;

/// The opened library: its functions (all non-NULL when `error[0] == 0`), where it was found and
/// how its kernel was chosen; `error` holds a one-line reason when it could not be opened.
typedef struct {
    odml_openblas_functions functions;
    odml_openblas_choice choice;
    /// The value of `OPENBLAS_CORETYPE` the library was loaded with ("" when unset).
    char coretype[32];
    /// The file the library was loaded from.
    char path[256];
    char error[256];
} odml_openblas;

/// Opens OpenBLAS once per process (thread-safe; later calls return the same library and ignore
/// their argument). When `OPENBLAS_CORETYPE` is unset and the library is not loaded yet, a
/// non-NULL `coretype` is put in the environment for the load (OpenBLAS reads it then, once) and
/// the environment restored afterwards. Tries `libopenblas.so.0`, then the other names
/// distributions use. Never NULL; check `error`. Off Linux: `error` says there is nothing to open.
const odml_openblas *odml_openblas_open(const char *coretype);

// MARK: - Vector math

/// Elementwise and row kernels over `count` floats; every one accepts `output == input`.
///
/// `exp` is a Cephes-style expf: Cody–Waite range reduction `x = n·ln 2 + r`, a degree-6
/// polynomial for `e^r` with fused multiply-adds, `2^n` from the exponent bits; relative error
/// below 1.5e-7 for inputs in [-87.33, 88.37], outside which inputs are clamped (so `exp` never
/// returns `inf` or a subnormal, and sigmoid and softmax stay finite); NaN propagates. `sigmoid`
/// is `1 / (1 + e^-x)` computed as `e^-|x| / (1 + e^-|x|)` for `x < 0` with the rounding of the
/// denominator corrected; `tanh` is `1 - 2 / (e^{2|x|} + 1)` with the sign of x for |x| ≥ 0.625
/// and Cephes tanhf's odd polynomial below. `softmax` and `log_softmax` sum the exponentials
/// into 64 partial sums (element `k` into sum `k mod 64`) added in a fixed order at the end.
///
/// Every instantiation goes through the same IEEE single-precision operations in the same order,
/// so all give the same bits on finite inputs (a NaN stays NaN).
typedef struct {
    void (*exp)(const float *input, float *output, size_t count);
    void (*sigmoid)(const float *input, float *output, size_t count);
    void (*tanh)(const float *input, float *output, size_t count);
    /// `e^(x - max) / Σ e^(x - max)` over one row; NaN anywhere gives NaN everywhere.
    void (*softmax)(const float *input, float *output, size_t count);
    /// `x - max - log Σ e^(x - max)` over one row.
    void (*log_softmax)(const float *input, float *output, size_t count);
    /// The largest value (`-inf` for an empty row, NaN when any is NaN).
    float (*maximum)(const float *input, size_t count);
} odml_vector_kernels;

/// The kernels instantiated for `isa`, or NULL when this CPU cannot run them (`odml_isa_is_supported`).
const odml_vector_kernels *odml_vector_kernels_for(odml_isa isa);

/// The kernels of `odml_isa_best()`.
const odml_vector_kernels *odml_vector_kernels_best(void);

/// The kernels of `odml_isa_best()`, one function each.
void odml_vector_exp(const float *input, float *output, size_t count);
void odml_vector_sigmoid(const float *input, float *output, size_t count);
void odml_vector_tanh(const float *input, float *output, size_t count);
void odml_vector_softmax(const float *input, float *output, size_t count);
void odml_vector_log_softmax(const float *input, float *output, size_t count);
float odml_vector_maximum(const float *input, size_t count);

/// `sum[i] += scale * (double)values[i]` for `i < count`: a product, then a sum, each rounded as
/// the scalar loop rounds it (never a fused multiply-add), so every instruction set gives the
/// same bits. In the widest instruction set this CPU runs (AVX-512 or AVX2 on x86-64; elsewhere
/// the portable loop, which the compiler vectorizes for the baseline).
void odml_add_scaled_floats(double *sum, const float *values, double scale, size_t count);

/// `odml_add_scaled_floats` in `isa` (the portable loop when this CPU cannot run it), for tests.
void odml_add_scaled_floats_in(odml_isa isa, double *sum, const float *values, double scale, size_t count);

/// `output[i] = exp(input[i])` for `i < count`, in double precision (`output` may be `input`): glibc's
/// `exp` (2.28 and later, the FMA build) evaluated 8 (AVX-512) or 4 (AVX2 + FMA) lanes at a time,
/// the same bits as that function on every input (1 + x below 2^-54 in magnitude, as glibc's; the
/// C library's `exp` from 512 up, for infinities and NaN); elsewhere the C library's `exp`.
void odml_exp_doubles(const double *input, double *output, size_t count);

/// `odml_exp_doubles` in `isa` (the C library's `exp` when this CPU cannot run it), for tests.
void odml_exp_doubles_in(odml_isa isa, const double *input, double *output, size_t count);

#endif
