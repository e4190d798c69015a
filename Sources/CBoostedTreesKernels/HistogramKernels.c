#include "CBoostedTreesKernels.h"

#include <string.h>

/// Rows ahead whose cache lines are requested: about a memory latency's worth of row updates.
#define ODML_HISTOGRAM_PREFETCH_DISTANCE 16

/// One row's update of the listed features' bins (see `odml_histogram_accumulate_rows`).
static inline __attribute__((always_inline)) void accumulateRow(const uint8_t *rowBins, double gradient, double hessian,
                                                                const ptrdiff_t *columns, const ptrdiff_t *starts,
                                                                ptrdiff_t featureCount, ptrdiff_t uniformStride,
                                                                double *sums, int32_t *counts) {
    if (uniformStride > 0) {
        const uint8_t *featureBins = rowBins + columns[0];
        ptrdiff_t base = starts[0];
        for (ptrdiff_t k = 0; k < featureCount; k++) {
            const ptrdiff_t bin = base + featureBins[k];
            sums[2 * bin] += gradient;
            sums[2 * bin + 1] += hessian;
            if (counts) counts[bin] += 1;
            base += uniformStride;
        }
    } else {
        for (ptrdiff_t k = 0; k < featureCount; k++) {
            const ptrdiff_t bin = starts[k] + rowBins[columns[k]];
            sums[2 * bin] += gradient;
            sums[2 * bin + 1] += hessian;
            if (counts) counts[bin] += 1;
        }
    }
}

void odml_histogram_accumulate_rows(const uint8_t *bins, ptrdiff_t rowStride, const int32_t *rows, ptrdiff_t rowCount,
                                    const float *pairs, const ptrdiff_t *columns, const ptrdiff_t *starts,
                                    ptrdiff_t featureCount, ptrdiff_t uniformStride, double *sums, int32_t *counts) {
    if (featureCount <= 0) return;
    if (!rows) {
        // Every row in order: sequential reads the hardware prefetches. The counting and
        // non-counting loops are separate so that neither tests `counts` per update.
        if (counts) {
            for (ptrdiff_t row = 0; row < rowCount; row++) {
                accumulateRow(bins + row * rowStride, (double)pairs[2 * row], (double)pairs[2 * row + 1], columns, starts,
                              featureCount, uniformStride, sums, counts);
            }
        } else {
            for (ptrdiff_t row = 0; row < rowCount; row++) {
                accumulateRow(bins + row * rowStride, (double)pairs[2 * row], (double)pairs[2 * row + 1], columns, starts,
                              featureCount, uniformStride, sums, NULL);
            }
        }
        return;
    }
    const ptrdiff_t firstColumn = columns[0], lastColumn = columns[featureCount - 1];
    for (ptrdiff_t i = 0; i < rowCount; i++) {
        if (i + ODML_HISTOGRAM_PREFETCH_DISTANCE < rowCount) {
            const ptrdiff_t ahead = rows[i + ODML_HISTOGRAM_PREFETCH_DISTANCE];
            __builtin_prefetch(bins + ahead * rowStride + firstColumn, 0, 3);
            __builtin_prefetch(bins + ahead * rowStride + lastColumn, 0, 3);
            __builtin_prefetch(pairs + 2 * ahead, 0, 3);
        }
        const ptrdiff_t row = rows[i];
        if (counts) {
            accumulateRow(bins + row * rowStride, (double)pairs[2 * row], (double)pairs[2 * row + 1], columns, starts,
                          featureCount, uniformStride, sums, counts);
        } else {
            accumulateRow(bins + row * rowStride, (double)pairs[2 * row], (double)pairs[2 * row + 1], columns, starts,
                          featureCount, uniformStride, sums, NULL);
        }
    }
}

ptrdiff_t odml_partition_rows(const uint8_t *bins, ptrdiff_t rowStride, ptrdiff_t column, const int32_t *rows,
                              ptrdiff_t count, const uint8_t goesLeft[256], int32_t *left, int32_t *right) {
    ptrdiff_t leftCount = 0, rightCount = 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        const int32_t row = rows[i];
        const ptrdiff_t side = goesLeft[bins[(ptrdiff_t)row * rowStride + column]];
        // Written to both sides; only the side that advances keeps it.
        left[leftCount] = row;
        right[rightCount] = row;
        leftCount += side;
        rightCount += 1 - side;
    }
    return leftCount;
}

/// A float's order as an integer: `orderKey(a) < orderKey(b)` exactly when `a < b`, for non-NaN
/// values (-0 is read as +0).
static inline int32_t orderKey(float value) {
    value += 0.0f;  // -0 becomes +0
    int32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits ^ ((bits >> 31) & 0x7fffffff);
}

/// One step of the search for the number of bounds below a value of order key `key`: `low` plus
/// `step` when the bound at `low + step - 1` is below it. The sign of the difference is all ones
/// then; the empty asm hides it from the optimizer, which otherwise turns it back into a compare
/// and a branch, mispredicted half the time here.
static inline ptrdiff_t searchStep(const int32_t *bounds, ptrdiff_t low, ptrdiff_t step, int64_t key) {
    int64_t difference = (int64_t)bounds[low + step - 1] - key;
    __asm__("" : "+r"(difference));
    return low + (step & (ptrdiff_t)(difference >> 63));
}

/// The bin of `x` with `low` bounds below it: 0 for NaN, else `low + 1`.
static inline uint8_t binOf(float x, ptrdiff_t low) { return x != x ? 0 : (uint8_t)(low + 1); }

/// How many values `odml_bin_rows` searches at once: independent chains the core overlaps.
#define ODML_BIN_LANES 8

void odml_bin_order_keys(const float *bounds, ptrdiff_t count, int32_t *keys) {
    for (ptrdiff_t i = 0; i < count; i++) keys[i] = orderKey(bounds[i]);
}

void odml_bin_rows(const float *values, ptrdiff_t rowCount, ptrdiff_t featureCount, const int32_t *keys, ptrdiff_t width,
                   uint8_t *bins) {
    const ptrdiff_t total = rowCount * featureCount;
    ptrdiff_t index = 0, feature = 0;
    // ODML_BIN_LANES consecutive values (row-major: features, then the next row's), each with its
    // feature's keys, searched step by step together.
    for (; index + ODML_BIN_LANES <= total; index += ODML_BIN_LANES) {
        const int32_t *b[ODML_BIN_LANES];
        int64_t key[ODML_BIN_LANES];
        ptrdiff_t low[ODML_BIN_LANES];
        for (int lane = 0; lane < ODML_BIN_LANES; lane++) {
            b[lane] = keys + feature * width;
            key[lane] = orderKey(values[index + lane]);
            low[lane] = 0;
            feature = feature + 1 == featureCount ? 0 : feature + 1;
        }
        for (ptrdiff_t step = width >> 1; step > 0; step >>= 1) {
            for (int lane = 0; lane < ODML_BIN_LANES; lane++) low[lane] = searchStep(b[lane], low[lane], step, key[lane]);
        }
        for (int lane = 0; lane < ODML_BIN_LANES; lane++) bins[index + lane] = binOf(values[index + lane], low[lane]);
    }
    for (; index < total; index++) {
        const int64_t key = orderKey(values[index]);
        ptrdiff_t low = 0;
        for (ptrdiff_t step = width >> 1; step > 0; step >>= 1) low = searchStep(keys + feature * width, low, step, key);
        bins[index] = binOf(values[index], low);
        feature = feature + 1 == featureCount ? 0 : feature + 1;
    }
}
