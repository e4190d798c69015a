#ifndef ODML_CBENCHMARKPROBES_H
#define ODML_CBENCHMARKPROBES_H

#include <stddef.h>
#include <stdint.h>

// Micro-probes odml-bench times to compute the floors it prints beside its kernels: how many
// fused multiply-adds the CPU retires per second at each vector width, and its clock rate.

/// `iterations` rounds of 16 independent fused multiply-add chains on AVX-512 vectors (256 FMA
/// lanes a round). x86-64 with AVX-512F only (the caller checks); elsewhere it returns 0 at once.
/// Returns the sum of the chains, so that none is optimised away.
float odml_probe_fma_avx512(size_t iterations);

/// The same on AVX2 + FMA vectors (128 FMA lanes a round).
float odml_probe_fma_avx2(size_t iterations);

/// `iterations` rounds of 8 dependent integer additions: one cycle each on every current x86-64
/// and arm64 core, so `8 · iterations / seconds` is the clock rate while it runs.
uint64_t odml_probe_dependent_adds(size_t iterations);

#endif
