#ifndef ODML_CMODELFILESKERNELS_H
#define ODML_CMODELFILESKERNELS_H

#include <stddef.h>
#include <stdint.h>

// CPU-specific kernels of ModelFiles, with a runtime check each: the Swift code keeps a portable
// path for CPUs without them (and as the reference in tests).

/// Hardware CRC-32 (IEEE 802.3 / zlib: reflected polynomial 0xEDB88320) for ModelFiles.
///
/// x86-64: carry-less multiplication folding (PCLMULQDQ + SSE4.1, Intel's "Fast CRC Computation
/// for Generic Polynomials Using PCLMULQDQ", as in zlib-ng and the Linux kernel); arm64: the
/// ARMv8 CRC32 instructions. Other CPUs have no accelerated path; callers use a table CRC then.

/// 1 when `odml_crc32_accelerated` can run on this CPU, 0 otherwise. Costs a CPUID or an
/// auxiliary-vector query: call it once and keep the answer.
int odml_crc32_accelerated_is_available(void);

/// Continues the raw CRC-32 register `state` (already inverted: pass `~crc`, invert the result)
/// over `count` bytes at `bytes` (any alignment).
/// Requires `odml_crc32_accelerated_is_available()`, `count >= 64` and `count % 16 == 0`.
uint32_t odml_crc32_accelerated(uint32_t state, const void *bytes, size_t count);

/// 1 when `odml_half_to_float_accelerated` can run on this CPU (x86-64 with F16C and AVX
/// enabled by the OS, or arm64), 0 otherwise. Call it once and keep the answer.
int odml_half_to_float_accelerated_is_available(void);

/// Converts `count` IEEE binary16 values at `source` (host byte order, 2-byte aligned) to binary32
/// at `destination`, exactly; a signalling NaN comes out quiet (its payload kept).
/// Requires `odml_half_to_float_accelerated_is_available()`.
void odml_half_to_float_accelerated(const uint16_t *source, float *destination, size_t count);

#endif
