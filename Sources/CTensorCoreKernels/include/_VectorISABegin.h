// The vector operations the kernels are written with, for one instruction set. Not a header of its
// own: define ODML_VECTOR_ISA as one of the values below, include this file, then the kernel
// templates (_VectorActivations.h, …), then _VectorISAEnd.h, which undefines all of it so that
// the next instruction set can follow in the same file.
//
//   ODML_VECTOR_ISA   VECTOR       LANES  NAME(name)
//   0 portable C      float        1      portable_name
//   1 AVX2 + FMA      __m256       8      avx2_name
//   2 AVX-512         __m512       16     avx512_name
//   3 NEON            float32x4_t  4      neon_name
//
// It defines VECTOR, LANES, NAME(name), KERNEL_ATTRIBUTES (the target of x86 functions, checked at
// run time by the caller), and
//   V_LOAD(p), V_STORE(p, v), V_SET1(c), V_BROADCAST(p),
//   V_ADD(a, b), V_SUB(a, b), V_MUL(a, b), V_DIV(a, b),
//   V_FMADD(a, b, c) = a·b + c and V_FNMADD(a, b, c) = c - a·b, each rounded once,
//   V_MAX(a, b) = a > b ? a : b and V_MIN(a, b) = a < b ? a : b (the second operand for NaN, as
//   x86's maxps/minps), V_OR, V_AND, V_ANDNOT(a, b) = ~a & b (on the bits),
//   V_SELECT_SIGN(clear, set, m) = the sign bit of m set ? set : clear,
//   V_SELECT_LESS(x, y, less, otherwise) = x < y ? less : otherwise (ordered: NaN → otherwise),
//   V_POW2(shifted) = 2^n from the integer n held in the low mantissa bits of shifted
//   (`shifted = n + 1.5·2^23` as a float).
//
// Every lane goes through the same IEEE single-precision operations whatever LANES is, so kernels
// written with these give the same bits in every instantiation on finite inputs. The compiler must
// not fuse a product and a sum on its own, or the instantiations would round differently: files
// that include this one turn FP_CONTRACT off.

#include <string.h>

#ifndef ODML_VECTOR_PORTABLE_HELPERS
#define ODML_VECTOR_PORTABLE_HELPERS
static inline uint32_t odml_float_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static inline float odml_bits_float(uint32_t bits) {
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}
#endif

#if ODML_VECTOR_ISA == 0

#define VECTOR float
#define LANES 1
#define NAME(name) portable_##name
#define KERNEL_ATTRIBUTES
#define V_LOAD(p) (*(p))
#define V_STORE(p, v) (*(p) = (v))
#define V_SET1(c) (c)
#define V_BROADCAST(p) (*(p))
#define V_ADD(a, b) ((a) + (b))
#define V_SUB(a, b) ((a) - (b))
#define V_MUL(a, b) ((a) * (b))
#define V_DIV(a, b) ((a) / (b))
#define V_FMADD(a, b, c) __builtin_fmaf((a), (b), (c))
#define V_FNMADD(a, b, c) __builtin_fmaf(-(a), (b), (c))
#define V_MAX(a, b) ((a) > (b) ? (a) : (b))
#define V_MIN(a, b) ((a) < (b) ? (a) : (b))
#define V_OR(a, b) odml_bits_float(odml_float_bits(a) | odml_float_bits(b))
#define V_AND(a, b) odml_bits_float(odml_float_bits(a) & odml_float_bits(b))
#define V_ANDNOT(a, b) odml_bits_float(~odml_float_bits(a) & odml_float_bits(b))
#define V_SELECT_SIGN(clear, set, m) ((odml_float_bits(m) >> 31) ? (set) : (clear))
#define V_SELECT_LESS(x, y, less, otherwise) ((x) < (y) ? (less) : (otherwise))
#define V_POW2(shifted) odml_bits_float((odml_float_bits(shifted) - (0x4B400000u - 127u)) << 23)

#elif ODML_VECTOR_ISA == 1

#include <immintrin.h>
#define VECTOR __m256
#define LANES 8
#define NAME(name) avx2_##name
#define KERNEL_ATTRIBUTES __attribute__((target("avx2,fma")))
#define V_LOAD _mm256_loadu_ps
#define V_STORE _mm256_storeu_ps
#define V_SET1 _mm256_set1_ps
#define V_BROADCAST _mm256_broadcast_ss
#define V_ADD _mm256_add_ps
#define V_SUB _mm256_sub_ps
#define V_MUL _mm256_mul_ps
#define V_DIV _mm256_div_ps
#define V_FMADD _mm256_fmadd_ps
#define V_FNMADD _mm256_fnmadd_ps
#define V_MAX _mm256_max_ps
#define V_MIN _mm256_min_ps
#define V_OR _mm256_or_ps
#define V_AND _mm256_and_ps
#define V_ANDNOT _mm256_andnot_ps
#define V_SELECT_SIGN(clear, set, m) _mm256_blendv_ps((clear), (set), (m))
#define V_SELECT_LESS(x, y, less, otherwise) _mm256_blendv_ps((otherwise), (less), _mm256_cmp_ps((x), (y), _CMP_LT_OQ))
#define V_POW2(shifted) _mm256_castsi256_ps(_mm256_slli_epi32( \
    _mm256_sub_epi32(_mm256_castps_si256(shifted), _mm256_set1_epi32(0x4B400000 - 127)), 23))

#elif ODML_VECTOR_ISA == 2

#include <immintrin.h>
#define VECTOR __m512
#define LANES 16
#define NAME(name) avx512_##name
#define KERNEL_ATTRIBUTES __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma")))
#define V_LOAD _mm512_loadu_ps
#define V_STORE _mm512_storeu_ps
#define V_SET1 _mm512_set1_ps
#define V_BROADCAST(p) _mm512_set1_ps(*(p))
#define V_ADD _mm512_add_ps
#define V_SUB _mm512_sub_ps
#define V_MUL _mm512_mul_ps
#define V_DIV _mm512_div_ps
#define V_FMADD _mm512_fmadd_ps
#define V_FNMADD _mm512_fnmadd_ps
#define V_MAX _mm512_max_ps
#define V_MIN _mm512_min_ps
#define V_OR _mm512_or_ps
#define V_AND _mm512_and_ps
#define V_ANDNOT _mm512_andnot_ps
#define V_SELECT_SIGN(clear, set, m) _mm512_mask_blend_ps(_mm512_movepi32_mask(_mm512_castps_si512(m)), (clear), (set))
#define V_SELECT_LESS(x, y, less, otherwise) _mm512_mask_blend_ps(_mm512_cmp_ps_mask((x), (y), _CMP_LT_OQ), (otherwise), (less))
#define V_POW2(shifted) _mm512_castsi512_ps(_mm512_slli_epi32( \
    _mm512_sub_epi32(_mm512_castps_si512(shifted), _mm512_set1_epi32(0x4B400000 - 127)), 23))

#elif ODML_VECTOR_ISA == 3

#include <arm_neon.h>
#define VECTOR float32x4_t
#define LANES 4
#define NAME(name) neon_##name
#define KERNEL_ATTRIBUTES
#define V_LOAD vld1q_f32
#define V_STORE vst1q_f32
#define V_SET1 vdupq_n_f32
#define V_BROADCAST vld1q_dup_f32
#define V_ADD vaddq_f32
#define V_SUB vsubq_f32
#define V_MUL vmulq_f32
#define V_DIV vdivq_f32
#define V_FMADD(a, b, c) vfmaq_f32((c), (a), (b))
#define V_FNMADD(a, b, c) vfmsq_f32((c), (a), (b))
#define V_MAX(a, b) vbslq_f32(vcgtq_f32((a), (b)), (a), (b))
#define V_MIN(a, b) vbslq_f32(vcltq_f32((a), (b)), (a), (b))
#define V_OR(a, b) vreinterpretq_f32_u32(vorrq_u32(vreinterpretq_u32_f32(a), vreinterpretq_u32_f32(b)))
#define V_AND(a, b) vreinterpretq_f32_u32(vandq_u32(vreinterpretq_u32_f32(a), vreinterpretq_u32_f32(b)))
#define V_ANDNOT(a, b) vreinterpretq_f32_u32(vbicq_u32(vreinterpretq_u32_f32(b), vreinterpretq_u32_f32(a)))
#define V_SELECT_SIGN(clear, set, m) \
    vbslq_f32(vreinterpretq_u32_s32(vshrq_n_s32(vreinterpretq_s32_f32(m), 31)), (set), (clear))
#define V_SELECT_LESS(x, y, less, otherwise) vbslq_f32(vcltq_f32((x), (y)), (less), (otherwise))
#define V_POW2(shifted) vreinterpretq_f32_u32(vshlq_n_u32( \
    vsubq_u32(vreinterpretq_u32_f32(shifted), vdupq_n_u32(0x4B400000u - 127u)), 23))

#else
#error "ODML_VECTOR_ISA: 0 (portable), 1 (AVX2 + FMA), 2 (AVX-512) or 3 (NEON)"
#endif
