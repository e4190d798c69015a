// Umbrella header for the system BLAS/LAPACK used by TensorCore on Linux (Apple platforms use
// Accelerate). Only Tensor+BLAS.swift and Tensor+LAPACK.swift import this module (and odml-bench,
// to time the wrappers against direct calls).
#ifndef ODML_CBLAS_SHIM_H
#define ODML_CBLAS_SHIM_H
#include <cblas.h>
#include <lapacke.h>
#endif
