/*
 * LD_PRELOAD=count-mallocs.so PROGRAM…: counts the program's malloc, calloc, realloc, posix_memalign,
 * aligned_alloc and memalign calls and prints `mallocs: N` on stderr at exit. Benchmarks/CAPI/measure.sh runs the
 * Swift side with N and 2×N frames: the difference over N is the allocations per steady frame (bench.c counts
 * its own, the same calls).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static unsigned long count;

void *malloc(size_t size) { count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count++; return __libc_realloc(p, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count++;
    *result = __libc_memalign(alignment, size);
    return *result ? 0 : 12;
}
void *aligned_alloc(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }
void *memalign(size_t alignment, size_t size) { count++; return __libc_memalign(alignment, size); }

__attribute__((destructor)) static void report(void) { fprintf(stderr, "mallocs: %lu\n", count); }
