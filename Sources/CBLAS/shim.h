// Umbrella header for the system BLAS/LAPACK used by TensorCore.
// Only Tensor+BLAS.swift and Tensor+LAPACK.swift import this module.
#ifndef ODML_CBLAS_SHIM_H
#define ODML_CBLAS_SHIM_H
#include <cblas.h>
#include <lapacke.h>
#endif
