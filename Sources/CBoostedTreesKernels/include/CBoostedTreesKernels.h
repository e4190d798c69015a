#ifndef ODML_CBOOSTEDTREESKERNELS_H
#define ODML_CBOOSTEDTREESKERNELS_H

#include <stddef.h>
#include <stdint.h>

// BoostedTrees' kernels that need what Swift does not expose (cache prefetch hints). Portable C:
// `__builtin_prefetch` compiles to nothing on CPUs without such hints.

/// Adds the (gradient, hessian) of each row in `rows` to one histogram bin of every listed
/// feature, and counts the rows per bin: for row `r` and feature `k`, bin
/// `starts[k] + bins[r * rowStride + columns[k]]` gets `pairs[2r]`, `pairs[2r + 1]` (converted to
/// double) added to `sums[2 * bin]`, `sums[2 * bin + 1]`, and 1 added to `counts[bin]`.
///
/// `rows` NULL means rows `0 ..< rowCount` in order (the root, with its rows in dataset order);
/// `counts` NULL leaves the counts alone (when they are known already). `uniformStride > 0`
/// promises `columns[k] == columns[0] + k` and `starts[k] == starts[0] + k * uniformStride` (no
/// per-feature lookups then); pass 0 otherwise.
///
/// Rows are added in the order given, so the sums are bit-identical to a plain loop; for listed
/// rows, the bins and the gradient pair of the row `ODML_HISTOGRAM_PREFETCH_DISTANCE` places ahead
/// are prefetched, which hides the cache misses of a leaf's scattered rows in data larger than the
/// caches.
void odml_histogram_accumulate_rows(const uint8_t *bins, ptrdiff_t rowStride, const int32_t *rows, ptrdiff_t rowCount,
                                    const float *pairs, const ptrdiff_t *columns, const ptrdiff_t *starts,
                                    ptrdiff_t featureCount, ptrdiff_t uniformStride, double *sums, int32_t *counts);

/// Stable partition of `count` rows by one feature's bin: row `rows[i]`, whose bin is
/// `bins[rows[i] * rowStride + column]`, goes to `left` when `goesLeft[bin]` is 1, else to
/// `right`, each in the order of `rows`. Returns how many went left. `left` may be `rows` (each
/// row is read before its slot is written); `right` must not overlap them.
ptrdiff_t odml_partition_rows(const uint8_t *bins, ptrdiff_t rowStride, ptrdiff_t column, const int32_t *rows,
                              ptrdiff_t count, const uint8_t goesLeft[256], int32_t *left, int32_t *right);

/// `keys[i]`: an integer that orders as `bounds[i]` does (for non-NaN values, -0 read as +0), the
/// bounds' form `odml_bin_rows` searches.
void odml_bin_order_keys(const float *bounds, ptrdiff_t count, int32_t *keys);

/// The bins of `rowCount` rows of `featureCount` values (`values`, row-major) into `bins` (same
/// layout): bin 0 for NaN, else 1 + the number of feature `f`'s bounds below the value. `keys +
/// f * width` holds those bounds' order keys (`odml_bin_order_keys`), increasing, padded with
/// +infinity's to `width`, a power of two larger than every bound count. A branch-free search of
/// log2(width) steps, eight values at a time: its comparisons are unpredictable, and a branch on
/// each cost 2.5x the time.
void odml_bin_rows(const float *values, ptrdiff_t rowCount, ptrdiff_t featureCount, const int32_t *keys, ptrdiff_t width,
                   uint8_t *bins);

#endif
