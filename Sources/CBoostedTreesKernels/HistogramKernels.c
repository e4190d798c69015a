#include "CBoostedTreesKernels.h"

/// Rows ahead whose cache lines are requested: about a memory latency's worth of row updates.
#define ODML_HISTOGRAM_PREFETCH_DISTANCE 16

void odml_histogram_accumulate_rows(const uint8_t *bins, ptrdiff_t rowStride, const int32_t *rows, ptrdiff_t rowCount,
                                    const float *pairs, const ptrdiff_t *columns, const ptrdiff_t *starts,
                                    ptrdiff_t featureCount, ptrdiff_t uniformStride, double *sums, int32_t *counts) {
    if (featureCount <= 0) return;
    const ptrdiff_t firstColumn = columns[0], lastColumn = columns[featureCount - 1];
    for (ptrdiff_t i = 0; i < rowCount; i++) {
        if (i + ODML_HISTOGRAM_PREFETCH_DISTANCE < rowCount) {
            const ptrdiff_t ahead = rows[i + ODML_HISTOGRAM_PREFETCH_DISTANCE];
            __builtin_prefetch(bins + ahead * rowStride + firstColumn, 0, 3);
            __builtin_prefetch(bins + ahead * rowStride + lastColumn, 0, 3);
            __builtin_prefetch(pairs + 2 * ahead, 0, 3);
        }
        const ptrdiff_t row = rows[i];
        const double gradient = (double)pairs[2 * row], hessian = (double)pairs[2 * row + 1];
        const uint8_t *rowBins = bins + row * rowStride;
        if (uniformStride > 0) {
            const uint8_t *featureBins = rowBins + firstColumn;
            ptrdiff_t base = starts[0];
            for (ptrdiff_t k = 0; k < featureCount; k++) {
                const ptrdiff_t bin = base + featureBins[k];
                sums[2 * bin] += gradient;
                sums[2 * bin + 1] += hessian;
                counts[bin] += 1;
                base += uniformStride;
            }
        } else {
            for (ptrdiff_t k = 0; k < featureCount; k++) {
                const ptrdiff_t bin = starts[k] + rowBins[columns[k]];
                sums[2 * bin] += gradient;
                sums[2 * bin + 1] += hessian;
                counts[bin] += 1;
            }
        }
    }
}
