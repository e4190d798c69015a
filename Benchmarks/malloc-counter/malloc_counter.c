// Counting allocator for `odml-bench`, loaded with LD_PRELOAD by Benchmarks/run.sh (glibc only).
//
// Every malloc/calloc/realloc/memalign/aligned_alloc/posix_memalign call, from any thread, bumps
// one counter and forwards to glibc's own implementation. odml-bench looks up
// `odml_allocation_count` with dlsym and reports allocations per call for the `into:` variants;
// without the preload it reports none. Build: cc -O2 -shared -fPIC -o malloc_counter.so malloc_counter.c
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocation_count;

uint64_t odml_allocation_count(void) { return atomic_load_explicit(&allocation_count, memory_order_relaxed); }
static void count_one(void) { atomic_fetch_add_explicit(&allocation_count, 1, memory_order_relaxed); }

void *malloc(size_t size) { count_one(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { count_one(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { count_one(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
