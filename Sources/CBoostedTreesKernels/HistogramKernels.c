#include "CBoostedTreesKernels.h"

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
