// The double-precision exponential's vector loop, written once and instantiated by ExpDoubles.c
// for AVX-512 (8 lanes) and AVX2 + FMA (4): define NAME, TARGET, LANES, the vector types DV
// (doubles) and IV (64-bit integers) and the operations below, then include this file, whose end
// undefines them all. Each step is the operation glibc's FMA build of `exp` performs (ExpDoubles.c).
//
//   D_LOAD(p), D_STORE(p, v), D_SET1(c), D_ADD, D_SUB, D_MUL, D_FMADD(a, b, c) = a·b + c rounded once,
//   I_SET1(c), I_AND, I_ADD, I_SHIFT_LEFT(v, n), I_SHIFT_RIGHT(v, n), D_BITS(v), I_DOUBLES(v),
//   GATHER(table, index) = table[index] per lane,
//   TINY_BLEND(y, x, exponent) = 1 + x in the lanes whose biased exponent is below 0x3c9, y elsewhere,
//   SPECIAL_LANES(exponent) = a bit per lane whose biased exponent is 0x408 or more.

__attribute__((target(TARGET)))
static void NAME(const double *input, double *output, size_t count) {
    const DV inverse = D_SET1(ODML_EXP_INVERSE_STEP), shift = D_SET1(ODML_EXP_SHIFT);
    const DV head = D_SET1(ODML_EXP_NEGATIVE_STEP_HEAD), tail = D_SET1(ODML_EXP_NEGATIVE_STEP_TAIL);
    const DV c2 = D_SET1(ODML_EXP_C2), c3 = D_SET1(ODML_EXP_C3), c4 = D_SET1(ODML_EXP_C4), c5 = D_SET1(ODML_EXP_C5);
    const IV low = I_SET1(127), one = I_SET1(1), exponentMask = I_SET1(0x7ff);
    const long long *table = (const long long *)odml_exp_double_table;
    size_t i = 0;
    for (; i + LANES <= count; i += LANES) {
        const DV x = D_LOAD(input + i);
        // k = round(x · 128 / ln 2) in the shifted value's low bits; r = x − k · ln 2 / 128.
        const DV shifted = D_FMADD(x, inverse, shift);
        const IV k = D_BITS(shifted);
        const DV kd = D_SUB(shifted, shift);
        const DV r = D_FMADD(kd, tail, D_FMADD(kd, head, x));
        // 2^(k/128) = scale · (1 + rest), from the table entry of k mod 128.
        const IV index = I_SHIFT_LEFT(I_AND(k, low), 1);
        const DV rest = I_DOUBLES(GATHER(table, index));
        const DV scale = I_DOUBLES(I_ADD(GATHER(table, I_ADD(index, one)), I_SHIFT_LEFT(k, 45)));
        // e^x = scale + scale · (rest + r + r²(c2 + r c3) + r⁴(c4 + r c5)).
        const DV r2 = D_MUL(r, r);
        const DV low2 = D_FMADD(D_FMADD(r, c3, c2), r2, D_ADD(r, rest));
        const DV polynomial = D_FMADD(D_MUL(r2, r2), D_FMADD(r, c5, c4), low2);
        const IV exponent = I_AND(I_SHIFT_RIGHT(D_BITS(x), 52), exponentMask);
        const int special = SPECIAL_LANES(exponent);
        double saved[LANES];
        if (special) D_STORE(saved, x);
        D_STORE(output + i, TINY_BLEND(D_FMADD(scale, polynomial, scale), x, exponent));
        for (int lane = 0; special && lane < LANES; lane++) {
            if (special & (1 << lane)) output[i + lane] = exp(saved[lane]);
        }
    }
    exp_doubles_portable(input + i, output + i, count - i);
}

#undef NAME
#undef TARGET
#undef LANES
#undef DV
#undef IV
#undef D_LOAD
#undef D_STORE
#undef D_SET1
#undef D_ADD
#undef D_SUB
#undef D_MUL
#undef D_FMADD
#undef I_SET1
#undef I_AND
#undef I_ADD
#undef I_SHIFT_LEFT
#undef I_SHIFT_RIGHT
#undef D_BITS
#undef I_DOUBLES
#undef GATHER
#undef TINY_BLEND
#undef SPECIAL_LANES
