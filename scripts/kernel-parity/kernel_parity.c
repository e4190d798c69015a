// Runs every C kernel's fast path against its portable reference, on whatever CPU runs it:
// scripts/check-aarch64.sh builds it for aarch64-linux-gnu and runs it under qemu-aarch64 (NEON,
// the ARMv8 CRC32 instructions), and natively (AVX-512 and AVX2 + FMA as the CPU has them,
// PCLMULQDQ, F16C on x86-64). The Swift tests cover x86-64 the same way; this program is how the
// arm64 paths run before an Apple device does. Prints one line per kernel; exit status 1 on the first difference.
#include "CBoostedTreesKernels.h"
#include "CModelFilesKernels.h"
#include "CNeuralNetKernels.h"
#include "CTensorCoreKernels.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9E3779B97F4A7C15ull;

/// xorshift64: deterministic for every run and CPU.
static uint64_t next(void) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return state;
}

static float uniform(float low, float high) { return low + (high - low) * (float)((next() >> 40) / 16777216.0); }

static uint32_t bits(float value) {
    uint32_t result;
    memcpy(&result, &value, sizeof result);
    return result;
}

/// Whether `a` and `b` hold the same floats bit for bit (any two NaNs count as equal).
static int sameFloats(const float *a, const float *b, size_t count, const char *what) {
    for (size_t i = 0; i < count; i++) {
        if (bits(a[i]) != bits(b[i]) && !(isnan(a[i]) && isnan(b[i]))) {
            printf("kernel-parity: %s differs at %zu: %.9g (0x%08x) vs %.9g (0x%08x)\n", what, i, a[i], bits(a[i]), b[i],
                   bits(b[i]));
            return 0;
        }
    }
    return 1;
}

static const char *const isaNames[] = {"portable", "AVX2", "AVX-512", "NEON"};

static int checkLSTM(void) {
    const odml_lstm_kernels *portable = odml_lstm_kernels_for(ODML_ISA_PORTABLE);
    int checked = 0;
    for (int isa = ODML_ISA_AVX2; isa <= ODML_ISA_NEON; isa++) {
        const odml_lstm_kernels *fast = odml_lstm_kernels_for((odml_isa)isa);
        if (!fast) continue;
        checked++;
        // {steps, input size, hidden size}: vector multiples, tails (13, 70 units), one step.
        static const size_t shapes[][3] = {{7, 11, 32}, {5, 3, 13}, {9, 32, 32}, {4, 6, 70}, {1, 1, 1}, {6, 24, 24}, {90, 24, 32}};
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            const size_t steps = shapes[s][0], inputSize = shapes[s][1], h = shapes[s][2], gateCount = 4 * h;
            float *input = malloc(steps * inputSize * sizeof(float)), *weights = malloc((inputSize + h) * gateCount * sizeof(float));
            float *bias = malloc(gateCount * sizeof(float)), *state[2][4];
            for (size_t i = 0; i < steps * inputSize; i++) input[i] = uniform(-3, 3);
            for (size_t i = 0; i < (inputSize + h) * gateCount; i++) weights[i] = uniform(-1, 1);
            for (size_t i = 0; i < gateCount; i++) bias[i] = uniform(-1, 1);
            for (int v = 0; v < 2; v++) {
                float *hidden = malloc(h * sizeof(float)), *cell = malloc(h * sizeof(float));
                for (size_t i = 0; i < h; i++) hidden[i] = cell[i] = 0.1f * (float)(i % 17) - 0.5f;
                float *gates = malloc(steps * gateCount * sizeof(float)), *outputs = malloc(steps * h * sizeof(float));
                (v == 0 ? fast : portable)->layer_inference(input, steps, inputSize, h, weights, bias, hidden, cell, gates, outputs);
                state[v][0] = hidden, state[v][1] = cell, state[v][2] = gates, state[v][3] = outputs;
            }
            if (!sameFloats(state[0][3], state[1][3], steps * h, "lstm outputs") || !sameFloats(state[0][1], state[1][1], h, "lstm cell")) {
                return 0;
            }
            for (int v = 0; v < 2; v++) for (int k = 0; k < 4; k++) free(state[v][k]);
            free(input), free(weights), free(bias);
        }
        // The batched cell update and its backward pass: 5 sequences of 13 units (a partial block).
        enum { batch = 5, units = 13 };
        float pre[batch * 4 * units], previous[batch * units], dh[batch * units], dcIn[batch * units];
        for (size_t i = 0; i < batch * 4 * units; i++) pre[i] = uniform(-4, 4);
        for (size_t i = 0; i < batch * units; i++) previous[i] = uniform(-1, 1), dh[i] = uniform(-1, 1), dcIn[i] = uniform(-1, 1);
        float results[2][batch * (4 * units * 2 + units * 4) + 4 * units], weights[batch];
        for (size_t i = 0; i < batch; i++) weights[i] = uniform(0, 1);
        for (int v = 0; v < 2; v++) {
            float *g = results[v], *cell = g + batch * 4 * units, *t = cell + batch * units, *hidden = t + batch * units;
            float *dc = hidden + batch * units, *dg = dc + batch * units, *weighted = dg + batch * 4 * units;
            memcpy(g, pre, sizeof pre), memcpy(dc, dcIn, sizeof dcIn);
            memset(weighted, 0, 4 * units * sizeof(float));
            const odml_lstm_kernels *k = v == 0 ? fast : portable;
            k->cell_forward(g, previous, cell, t, hidden, units, batch);
            k->cell_backward(g, previous, t, dh, dc, dg, units, batch, weights, weighted);
        }
        if (!sameFloats(results[0], results[1], sizeof results[0] / sizeof(float), "lstm cell kernels")) return 0;
        // Activations: every 2^-10 over [-100, 100] and special values.
        const size_t gridCount = 204801 + 9;
        float *grid = malloc(gridCount * sizeof(float)), *out[4];
        for (size_t i = 0; i < 204801; i++) grid[i] = -100.0f + (float)i / 1024.0f;
        const float specials[9] = {0.0f, -0.0f, 1e-30f, -1e-40f, 88.37f, -87.33654f, INFINITY, -INFINITY, NAN};
        memcpy(grid + 204801, specials, sizeof specials);
        for (int k = 0; k < 4; k++) out[k] = malloc(gridCount * sizeof(float));
        fast->activations(grid, out[0], out[1], gridCount);
        portable->activations(grid, out[2], out[3], gridCount);
        const int same = sameFloats(out[0], out[2], gridCount, "sigmoid") && sameFloats(out[1], out[3], gridCount, "tanh");
        for (int k = 0; k < 4; k++) free(out[k]);
        free(grid);
        if (!same) return 0;
        printf("lstm: %s = portable bit for bit (7 shapes, the cell kernels, %zu activation inputs)\n", isaNames[isa], gridCount);
    }
    if (!checked) printf("lstm: no fast instantiation on this CPU (the BLAS path runs): portable only\n");
    return 1;
}

static int checkVectorMath(void) {
    const odml_vector_kernels *portable = odml_vector_kernels_for(ODML_ISA_PORTABLE);
    int checked = 0;
    for (int isa = ODML_ISA_AVX2; isa <= ODML_ISA_NEON; isa++) {
        const odml_vector_kernels *fast = odml_vector_kernels_for((odml_isa)isa);
        if (!fast) continue;
        checked++;
        // Every 2^-8 over [-120, 120] and special values, then softmax rows of every tail length.
        const size_t gridCount = 61441 + 9;
        float *grid = malloc(gridCount * sizeof(float)), *out[2];
        for (size_t i = 0; i < 61441; i++) grid[i] = -120.0f + (float)i / 256.0f;
        const float specials[9] = {0.0f, -0.0f, 1e-30f, -1e-40f, 88.37f, -87.33654f, INFINITY, -INFINITY, NAN};
        memcpy(grid + 61441, specials, sizeof specials);
        for (int k = 0; k < 2; k++) out[k] = malloc(gridCount * sizeof(float));
        void (*const functions[3])(const float *, float *, size_t) = {fast->exp, fast->sigmoid, fast->tanh};
        void (*const references[3])(const float *, float *, size_t) = {portable->exp, portable->sigmoid, portable->tanh};
        static const char *const names[3] = {"exp", "sigmoid", "tanh"};
        for (int f = 0; f < 3; f++) {
            functions[f](grid, out[0], gridCount);
            references[f](grid, out[1], gridCount);
            if (!sameFloats(out[0], out[1], gridCount, names[f])) return 0;
        }
        for (size_t count = 1; count <= 300; count++) {
            for (size_t i = 0; i < count; i++) grid[i] = uniform(-20, 20);
            fast->softmax(grid, out[0], count);
            portable->softmax(grid, out[1], count);
            if (!sameFloats(out[0], out[1], count, "softmax")) return 0;
            fast->log_softmax(grid, out[0], count);
            portable->log_softmax(grid, out[1], count);
            if (!sameFloats(out[0], out[1], count, "log-softmax")) return 0;
            if (bits(fast->maximum(grid, count)) != bits(portable->maximum(grid, count))) {
                printf("kernel-parity: maximum of %zu values differs\n", count);
                return 0;
            }
        }
        for (int k = 0; k < 2; k++) free(out[k]);
        free(grid);
        printf("vector math: %s = portable bit for bit (exp, sigmoid, tanh on 61450 inputs; softmax rows of 1 to 300)\n",
               isaNames[isa]);
    }
    if (!checked) printf("vector math: no fast instantiation on this CPU: portable only\n");
    return 1;
}

/// CRC-32 one bit at a time (reflected 0xEDB88320): the reference.
static uint32_t crcBitwise(uint32_t crc, const unsigned char *bytes, size_t count) {
    crc = ~crc;
    for (size_t i = 0; i < count; i++) {
        crc ^= bytes[i];
        for (int k = 0; k < 8; k++) crc = (crc & 1) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
    }
    return ~crc;
}

static int checkCRC32(void) {
    if (!odml_crc32_accelerated_is_available()) {
        printf("crc32: no hardware CRC on this CPU (tables run): portable only\n");
        return 1;
    }
    unsigned char buffer[8192 + 8];
    for (size_t i = 0; i < sizeof buffer; i++) buffer[i] = (unsigned char)next();
    size_t checked = 0;
    for (size_t offset = 0; offset < 8; offset += 3) {          // unaligned starts too
        for (size_t count = 64; count <= 8192; count += 16) {   // the kernel's contract: >= 64, multiple of 16
            const uint32_t start = (uint32_t)next();
            const uint32_t fast = ~odml_crc32_accelerated(~start, buffer + offset, count);
            const uint32_t reference = crcBitwise(start, buffer + offset, count);
            if (fast != reference) {
                printf("kernel-parity: crc32 of %zu bytes at offset %zu: 0x%08x, reference 0x%08x\n", count, offset, fast,
                       reference);
                return 0;
            }
            checked++;
        }
    }
    printf("crc32: hardware = bitwise reference (%zu buffers of 64 to 8192 bytes)\n", checked);
    return 1;
}

/// binary16 → binary32, exactly (ModelFiles' `_HalfPrecision.value(from:)` in C): the reference.
static float halfReference(uint16_t half) {
    const uint32_t sign = (uint32_t)(half & 0x8000) << 16, magnitude = half & 0x7FFF, exponent = magnitude & 0x7C00;
    uint32_t result;
    if (exponent == 0) {
        const float subnormal = (float)magnitude * 0x1p-24f;
        memcpy(&result, &subnormal, sizeof result);
    } else if (exponent == 0x7C00) {
        result = (magnitude << 13) | 0x7F800000u;
    } else {
        result = (magnitude << 13) + 0x38000000u;
    }
    result |= sign;
    float value;
    memcpy(&value, &result, sizeof value);
    return value;
}

static int checkHalfPrecision(void) {
    if (!odml_half_to_float_accelerated_is_available()) {
        printf("fp16: no conversion instructions on this CPU (portable Swift runs): portable only\n");
        return 1;
    }
    static uint16_t halves[65536];
    static float converted[65536];
    for (uint32_t i = 0; i < 65536; i++) halves[i] = (uint16_t)i;
    odml_half_to_float_accelerated(halves, converted, 65536);
    for (uint32_t i = 0; i < 65536; i++) {
        const uint32_t reference = bits(halfReference((uint16_t)i)), fast = bits(converted[i]);
        // A signalling NaN comes out quiet (bit 22 set), its payload kept.
        const int quietened = isnan(halfReference((uint16_t)i)) && fast == (reference | 0x00400000u);
        if (fast != reference && !quietened) {
            printf("kernel-parity: fp16 0x%04x: 0x%08x, reference 0x%08x\n", i, fast, reference);
            return 0;
        }
    }
    printf("fp16: instructions = reference on all 65536 values\n");
    return 1;
}

static int checkHistogram(void) {
    enum { rows = 3000, features = 9, binsPerFeature = 16 };
    static uint8_t bins[rows * features];
    static float pairs[2 * rows];
    static int32_t leaf[rows / 2];
    for (size_t i = 0; i < rows * features; i++) bins[i] = (uint8_t)(next() % binsPerFeature);
    for (size_t i = 0; i < 2 * rows; i++) pairs[i] = uniform(-1, 1);
    for (size_t i = 0; i < rows / 2; i++) leaf[i] = (int32_t)(next() % rows);
    // Features 1, 2, 3 as one uniform block, then 0, 4, 8 through the lookups.
    const ptrdiff_t uniformColumns[3] = {1, 2, 3}, uniformStarts[3] = {0, 16, 32};
    const ptrdiff_t columns[3] = {0, 4, 8}, starts[3] = {0, 16, 32};
    for (int uniformLayout = 0; uniformLayout < 2; uniformLayout++) {
        double sums[2][2 * 48] = {{0}};
        int32_t counts[2][48] = {{0}};
        const ptrdiff_t *c = uniformLayout ? uniformColumns : columns, *s = uniformLayout ? uniformStarts : starts;
        odml_histogram_accumulate_rows(bins, features, leaf, rows / 2, pairs, c, s, 3, uniformLayout ? 16 : 0, sums[0], counts[0]);
        for (size_t i = 0; i < rows / 2; i++) {
            for (size_t k = 0; k < 3; k++) {
                const ptrdiff_t bin = s[k] + bins[leaf[i] * features + c[k]];
                sums[1][2 * bin] += (double)pairs[2 * leaf[i]];
                sums[1][2 * bin + 1] += (double)pairs[2 * leaf[i] + 1];
                counts[1][bin] += 1;
            }
        }
        if (memcmp(sums[0], sums[1], sizeof sums[0]) != 0 || memcmp(counts[0], counts[1], sizeof counts[0]) != 0) {
            printf("kernel-parity: histogram (%s layout) differs from the plain loop\n", uniformLayout ? "uniform" : "lookup");
            return 0;
        }
    }
    printf("histogram: kernel = plain loop bit for bit (both layouts)\n");
    return 1;
}

int main(void) {
    const int ok = checkLSTM() && checkVectorMath() && checkCRC32() && checkHalfPrecision() && checkHistogram();
    return ok ? 0 : 1;
}
