// The Accelerate declarations TensorCore calls, as Apple's SDK declares them with
// ACCELERATE_NEW_LAPACK defined and ACCELERATE_LAPACK_ILP64 not (vecLib's cblas_new.h, lapack.h,
// lapack_types.h and thread_api.h; macOS 15 / iOS 18 SDK). Declarations only, for
// scripts/check-accelerate-seam.sh to type-check TensorCore's Apple branch on Linux: never linked.
#include <stdint.h>

typedef int __LAPACK_int;   // lapack_types.h, LP64 (`long` under ACCELERATE_LAPACK_ILP64)

enum CBLAS_ORDER {CblasRowMajor=101, CblasColMajor=102 };
enum CBLAS_TRANSPOSE {CblasNoTrans=111, CblasTrans=112, CblasConjTrans=113, AtlasConj=114};

void cblas_sgemm(const enum CBLAS_ORDER ORDER, const enum CBLAS_TRANSPOSE TRANSA, const enum CBLAS_TRANSPOSE TRANSB,
                 const __LAPACK_int M, const __LAPACK_int N, const __LAPACK_int K, const float ALPHA,
                 const float * _Nullable A, const __LAPACK_int LDA, const float * _Nullable B, const __LAPACK_int LDB,
                 const float BETA, float * _Nullable C, const __LAPACK_int LDC);
void cblas_sgemv(const enum CBLAS_ORDER ORDER, const enum CBLAS_TRANSPOSE TRANSA, const __LAPACK_int M,
                 const __LAPACK_int N, const float ALPHA, const float * _Nullable A, const __LAPACK_int LDA,
                 const float * _Nullable X, const __LAPACK_int INCX, const float BETA, float * _Nullable Y,
                 const __LAPACK_int INCY);
void cblas_sger(const enum CBLAS_ORDER ORDER, const __LAPACK_int M, const __LAPACK_int N, const float ALPHA,
                const float * _Nullable X, const __LAPACK_int INCX, const float * _Nullable Y, const __LAPACK_int INCY,
                float * _Nullable A, const __LAPACK_int LDA);
void cblas_saxpy(const __LAPACK_int N, const float ALPHA, const float * _Nullable X, const __LAPACK_int INCX,
                 float * _Nullable Y, const __LAPACK_int INCY);
float cblas_sdot(const __LAPACK_int N, const float * _Nullable X, const __LAPACK_int INCX, const float * _Nullable Y,
                 const __LAPACK_int INCY);
void cblas_sscal(const __LAPACK_int N, const float ALPHA, float * _Nullable X, const __LAPACK_int INCX);

void sposv_(const char * _Nonnull uplo, const __LAPACK_int * _Nonnull n, const __LAPACK_int * _Nonnull nrhs,
            float * _Nullable a, const __LAPACK_int * _Nonnull lda, float * _Nullable b,
            const __LAPACK_int * _Nonnull ldb, __LAPACK_int * _Nonnull info);

enum BLAS_THREADING : unsigned int {
    BLAS_THREADING_MULTI_THREADED = 0,
    BLAS_THREADING_SINGLE_THREADED,
    BLAS_THREADING_MAX_OPTIONS
};
int BLASSetThreading(const enum BLAS_THREADING threading);
enum BLAS_THREADING BLASGetThreading(void);
