// e^x, the logistic sigmoid and tanh on BLOCKS vectors at once, for one instruction set: include
// after _VectorISABegin.h (see there). Shared by TensorCore's vector math (VectorMath.c) and
// NeuralNet's LSTM kernels (CNeuralNetKernels), so both round the same way. Defines BLOCKS
// (ODML_ACTIVATION_BLOCKS when the includer defines it, else 4: how many vectors a call works on,
// which changes no result), EACH and WIDTH; _VectorActivationsEnd.h undefines them.
//
// The functions work on BLOCKS vectors, statement by statement, so that the independent
// exponentials and divisions of BLOCKS·LANES values overlap (one vector at a time, the AVX2 LSTM
// cell update was latency-bound: 1.9x slower).

#ifdef ODML_ACTIVATION_BLOCKS
#define BLOCKS ODML_ACTIVATION_BLOCKS
#else
#define BLOCKS 4
#endif
#define EACH for (int b = 0; b < BLOCKS; b++)
#define WIDTH (LANES * BLOCKS)

/// x = e^x for x in [-87.33654, 88.37] (or NaN): Cody–Waite reduction, Cephes polynomial, 2^n
/// from the exponent bits, with fused multiply-adds. Callers clamp (`NAME(clampExponent)`):
/// V_MIN/V_MAX return their second operand for NaN, so `V_MIN(bound, x)` lets NaN through.
static inline KERNEL_ATTRIBUTES void NAME(exponential)(VECTOR *x) {
    const VECTOR magic = V_SET1(12582912.0f);
    VECTOR shifted[BLOCKS], n[BLOCKS], r[BLOCKS], p[BLOCKS];
    // n = round(x / ln 2) by adding and subtracting 1.5·2^23; r = x - n·ln 2 in two steps.
    EACH shifted[b] = V_FMADD(x[b], V_SET1(1.44269504f), magic);
    EACH n[b] = V_SUB(shifted[b], magic);
    EACH r[b] = V_FNMADD(n[b], V_SET1(0.693359375f), x[b]);
    EACH r[b] = V_FMADD(n[b], V_SET1(2.1219444e-4f), r[b]);
    // e^r ≈ 1 + r + r²·P(r), Cephes expf coefficients.
    EACH p[b] = V_FMADD(V_SET1(1.98756915e-4f), r[b], V_SET1(1.39819995e-3f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(8.3334519e-3f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(4.1665796e-2f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(1.66666655e-1f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(5.0000001e-1f));
    EACH p[b] = V_ADD(V_FMADD(p[b], V_MUL(r[b], r[b]), r[b]), V_SET1(1.0f));
    // 2^n from the integer in the low mantissa bits of `shifted`.
    EACH x[b] = V_MUL(p[b], V_POW2(shifted[b]));
}

/// x clamped to the domain of `NAME(exponential)`, [-87.33654, 88.37], so that 2^n stays a normal
/// number (NaN passes through).
static inline KERNEL_ATTRIBUTES void NAME(clampExponent)(VECTOR *x) {
    EACH x[b] = V_MIN(V_SET1(88.37f), V_MAX(V_SET1(-87.33654f), x[b]));
}

/// x = 1 / (1 + e^-x), as e^-|x| / (1 + e^-|x|) for x < 0; the rounding error of 1 + e^-|x| is
/// recovered exactly (Fast2Sum) and corrected for, so the error is that of e^-|x| and the division.
static inline KERNEL_ATTRIBUTES void NAME(sigmoid)(VECTOR *x) {
    const VECTOR one = V_SET1(1.0f);
    VECTOR e[BLOCKS], denominator[BLOCKS], q[BLOCKS];
    EACH e[b] = V_MAX(V_SET1(-87.33654f), V_OR(x[b], V_SET1(-0.0f)));
    NAME(exponential)(e);  // e^-|x|
    EACH denominator[b] = V_ADD(one, e[b]);
    EACH q[b] = V_DIV(V_SELECT_SIGN(one, e[b], x[b]), denominator[b]);  // numerator e^-|x| where x < 0
    EACH e[b] = V_SUB(e[b], V_SUB(denominator[b], one));  // 1 + e^-|x| - denominator, exactly
    // numerator / (denominator + lost) ≈ q·(1 - lost/denominator), with 1/denominator = q (x ≥ 0) or 1 - q (x < 0).
    EACH x[b] = V_FNMADD(V_MUL(q[b], e[b]), V_SELECT_SIGN(q[b], V_SUB(one, q[b]), x[b]), q[b]);
}

/// x = tanh(x): sign(x)·(1 - 2 / (e^{2|x|} + 1)) for |x| ≥ 0.625, Cephes tanhf's x + x³·P(x²) below.
static inline KERNEL_ATTRIBUTES void NAME(hyperbolicTangent)(VECTOR *x) {
    const VECTOR one = V_SET1(1.0f), signBit = V_SET1(-0.0f);
    VECTOR magnitude[BLOCKS], e[BLOCKS], z[BLOCKS], p[BLOCKS];
    EACH magnitude[b] = V_ANDNOT(signBit, x[b]);
    EACH e[b] = V_MIN(V_SET1(88.37f), V_ADD(magnitude[b], magnitude[b]));
    NAME(exponential)(e);
    EACH e[b] = V_SUB(one, V_DIV(V_SET1(2.0f), V_ADD(e[b], one)));
    EACH e[b] = V_OR(e[b], V_AND(signBit, x[b]));
    EACH z[b] = V_MUL(x[b], x[b]);
    EACH p[b] = V_FMADD(V_SET1(-5.70498872745e-3f), z[b], V_SET1(2.06390887954e-2f));
    EACH p[b] = V_FMADD(p[b], z[b], V_SET1(-5.37397155531e-2f));
    EACH p[b] = V_FMADD(p[b], z[b], V_SET1(1.33314422036e-1f));
    EACH p[b] = V_FMADD(p[b], z[b], V_SET1(-3.33332819422e-1f));
    EACH p[b] = V_FMADD(V_MUL(p[b], z[b]), x[b], x[b]);
    EACH x[b] = V_SELECT_LESS(magnitude[b], V_SET1(0.625f), p[b], e[b]);
}
