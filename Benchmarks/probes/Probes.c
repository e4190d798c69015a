#include "CBenchmarkProbes.h"

#if defined(__x86_64__)
#include <immintrin.h>

/// 16 chains `a = a·m + c`: converging (|m| < 1), so no value overflows or goes subnormal.
#define ODML_PROBE_CHAINS(VECTOR, SET1, FMADD, ADD, STORE, LANES)                                   \
    VECTOR a[16];                                                                               \
    for (int i = 0; i < 16; i++) a[i] = SET1(1.0f + (float)i / 16);                             \
    const VECTOR m = SET1(0.999f), c = SET1(0.001f);                                             \
    for (size_t round = 0; round < iterations; round++) {                                       \
        for (int i = 0; i < 16; i++) a[i] = FMADD(a[i], m, c);                                  \
    }                                                                                           \
    for (int i = 1; i < 16; i++) a[0] = ADD(a[0], a[i]);                                        \
    float lanes[LANES];                                                                         \
    STORE(lanes, a[0]);                                                                         \
    float sum = 0;                                                                              \
    for (int i = 0; i < LANES; i++) sum += lanes[i];                                            \
    return sum;

__attribute__((target("avx512f"))) float odml_probe_fma_avx512(size_t iterations) {
    ODML_PROBE_CHAINS(__m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, _mm512_storeu_ps, 16)
}

__attribute__((target("avx2,fma"))) float odml_probe_fma_avx2(size_t iterations) {
    ODML_PROBE_CHAINS(__m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, _mm256_storeu_ps, 8)
}

uint64_t odml_probe_dependent_adds(size_t iterations) {
    uint64_t x = 0;
    for (size_t round = 0; round < iterations; round++) {
        __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                         "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0"
                         : "+r"(x));
    }
    return x;
}

#else

float odml_probe_fma_avx512(size_t iterations) {
    (void)iterations;
    return 0;
}

float odml_probe_fma_avx2(size_t iterations) {
    (void)iterations;
    return 0;
}

uint64_t odml_probe_dependent_adds(size_t iterations) {
    uint64_t x = 0;
    for (size_t round = 0; round < iterations; round++) {
#if defined(__aarch64__)
        __asm__ volatile("add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
                         "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1"
                         : "+r"(x));
#else
        x += 8;
#endif
    }
    return x;
}

#endif
