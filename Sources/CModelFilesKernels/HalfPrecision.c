#include "CModelFilesKernels.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

int odml_half_to_float_accelerated_is_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if ((ecx & bit_F16C) == 0 || (ecx & bit_AVX) == 0 || (ecx & bit_OSXSAVE) == 0) return 0;
    unsigned int low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (low & 6) == 6;   // the OS saves XMM and YMM state
}

__attribute__((target("avx,f16c")))
void odml_half_to_float_accelerated(const uint16_t *source, float *destination, size_t count) {
    size_t index = 0;
    for (; index + 8 <= count; index += 8) {
        __m128i halves = _mm_loadu_si128((const __m128i *)(source + index));
        _mm256_storeu_ps(destination + index, _mm256_cvtph_ps(halves));
    }
    for (; index < count; index++) {
        __m128i half = _mm_cvtsi32_si128(source[index]);
        destination[index] = _mm_cvtss_f32(_mm_cvtph_ps(half));
    }
}

#elif defined(__aarch64__)

#include <arm_neon.h>

int odml_half_to_float_accelerated_is_available(void) { return 1; }   // baseline AdvSIMD

void odml_half_to_float_accelerated(const uint16_t *source, float *destination, size_t count) {
    size_t index = 0;
    for (; index + 4 <= count; index += 4) {
        vst1q_f32(destination + index, vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(source + index))));
    }
    for (; index < count; index++) {
        destination[index] = vgetq_lane_f32(vcvt_f32_f16(vreinterpret_f16_u16(vdup_n_u16(source[index]))), 0);
    }
}

#else

int odml_half_to_float_accelerated_is_available(void) { return 0; }

void odml_half_to_float_accelerated(const uint16_t *source, float *destination, size_t count) {
    (void)source;
    (void)destination;
    (void)count;
}

#endif
