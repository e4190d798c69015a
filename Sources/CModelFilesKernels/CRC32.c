#include "CModelFilesKernels.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

int odml_crc32_accelerated_is_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_PCLMUL) != 0 && (ecx & bit_SSE4_1) != 0;
}

/// Folding constants for the reflected polynomial: x^(4·128±32) and x^(128±32) mod P, x^64 mod P,
/// and the Barrett pair (P, floor(x^64 / P)), all bit-reflected.
__attribute__((target("pclmul,sse4.1")))
uint32_t odml_crc32_accelerated(uint32_t state, const void *bytes, size_t count) {
    const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const __m128i k5 = _mm_set_epi64x(0, 0x0163cd6124);
    const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);
    const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
    const unsigned char *p = (const unsigned char *)bytes;

    // Four 128-bit accumulators over the first 64 bytes, the state folded into the first.
    __m128i x1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(p + 0x00)), _mm_cvtsi32_si128((int)state));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(p + 0x10));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(p + 0x20));
    __m128i x4 = _mm_loadu_si128((const __m128i *)(p + 0x30));
    p += 64;
    count -= 64;

    // Each accumulator moves 512 bits forward per 64-byte block: acc·x^512 ⊕ next block.
    while (count >= 64) {
        __m128i y1 = _mm_clmulepi64_si128(x1, k1k2, 0x00);
        __m128i y2 = _mm_clmulepi64_si128(x2, k1k2, 0x00);
        __m128i y3 = _mm_clmulepi64_si128(x3, k1k2, 0x00);
        __m128i y4 = _mm_clmulepi64_si128(x4, k1k2, 0x00);
        x1 = _mm_clmulepi64_si128(x1, k1k2, 0x11);
        x2 = _mm_clmulepi64_si128(x2, k1k2, 0x11);
        x3 = _mm_clmulepi64_si128(x3, k1k2, 0x11);
        x4 = _mm_clmulepi64_si128(x4, k1k2, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, y1), _mm_loadu_si128((const __m128i *)(p + 0x00)));
        x2 = _mm_xor_si128(_mm_xor_si128(x2, y2), _mm_loadu_si128((const __m128i *)(p + 0x10)));
        x3 = _mm_xor_si128(_mm_xor_si128(x3, y3), _mm_loadu_si128((const __m128i *)(p + 0x20)));
        x4 = _mm_xor_si128(_mm_xor_si128(x4, y4), _mm_loadu_si128((const __m128i *)(p + 0x30)));
        p += 64;
        count -= 64;
    }

    // Fold the four accumulators into one (x^128 per step), then the remaining 16-byte blocks.
    __m128i y;
    y = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x2), y);
    y = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x3), y);
    y = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x4), y);
    while (count >= 16) {
        y = _mm_clmulepi64_si128(x1, k3k4, 0x00);
        x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11),
                                         _mm_loadu_si128((const __m128i *)p)), y);
        p += 16;
        count -= 16;
    }

    // 128 → 64 bits, then 64 → 32 bits by Barrett reduction.
    __m128i x = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(x1, k3k4, 0x10));
    x = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x, low32), k5, 0x00), _mm_srli_si128(x, 4));
    __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, low32), poly, 0x10);
    t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), poly, 0x00);
    return (uint32_t)_mm_extract_epi32(_mm_xor_si128(x, t), 1);
}

#elif defined(__aarch64__)

#include <arm_acle.h>
#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

int odml_crc32_accelerated_is_available(void) {
#if defined(__APPLE__)
    return 1;   // every Apple arm64 CPU (A7 onwards) implements the CRC32 instructions
#elif defined(__linux__)
    return (getauxval(AT_HWCAP) & (1UL << 7)) != 0;   // HWCAP_CRC32
#else
    return 0;
#endif
}

__attribute__((target("crc")))
uint32_t odml_crc32_accelerated(uint32_t state, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    for (; count >= 8; count -= 8, p += 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        state = __crc32d(state, word);
    }
    return state;
}

#else

int odml_crc32_accelerated_is_available(void) { return 0; }

uint32_t odml_crc32_accelerated(uint32_t state, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return state;
}

#endif
