#include "CAllocationPeak.h"

#include <pthread.h>
#include <stddef.h>
#include <jemalloc/jemalloc.h>

// jemalloc 5.3's hook table (include/jemalloc/internal/hook.h): the public
// header does not declare it. "experimental.hooks.install" takes a pointer to
// it and returns an opaque handle for "experimental.hooks.remove".
typedef void (*sd_hook_alloc)(void *extra, int type, void *result, uintptr_t result_raw, uintptr_t args_raw[3]);
typedef void (*sd_hook_dalloc)(void *extra, int type, void *address, uintptr_t args_raw[3]);
typedef void (*sd_hook_expand)(void *extra, int type, void *address, size_t old_usize, size_t new_usize,
                               uintptr_t result_raw, uintptr_t args_raw[4]);
typedef struct {
  sd_hook_alloc alloc_hook;
  sd_hook_dalloc dalloc_hook;
  sd_hook_expand expand_hook;
  void *extra;
} sd_hooks_t;

// Counted for the thread that called begin only: other threads' allocations
// reach the hooks too, and find `counting` false.
static __thread int counting;
static __thread int64_t live, peak;
static __thread uint64_t allocated_bytes;
// One installation for every thread measuring at once (tests run in
// parallel): installed twice, the hooks would count each allocation twice.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *handle;
static int users;

static inline void grow(int64_t bytes) {
  live += bytes;
  if (live > peak) peak = live;
}

// Called after the allocation (the new block, for a realloc that moves).
static void on_alloc(void *extra, int type, void *result, uintptr_t result_raw, uintptr_t args_raw[3]) {
  (void)extra; (void)type; (void)result_raw; (void)args_raw;
  if (!counting || result == NULL) return;
  size_t size = malloc_usable_size(result);
  allocated_bytes += size;
  grow((int64_t)size);
}

// Called before the free (the old block, for a realloc that moves).
static void on_dalloc(void *extra, int type, void *address, uintptr_t args_raw[3]) {
  (void)extra; (void)type; (void)args_raw;
  if (!counting || address == NULL) return;
  live -= (int64_t)malloc_usable_size(address);
}

// A realloc that grew or shrank its block in place.
static void on_expand(void *extra, int type, void *address, size_t old_usize, size_t new_usize,
                      uintptr_t result_raw, uintptr_t args_raw[4]) {
  (void)extra; (void)type; (void)address; (void)result_raw; (void)args_raw;
  if (!counting) return;
  if (new_usize > old_usize) allocated_bytes += new_usize - old_usize;
  grow((int64_t)new_usize - (int64_t)old_usize);
}

int sd_exact_peak_begin(void) {
  pthread_mutex_lock(&lock);
  if (users == 0) {
    sd_hooks_t hooks = {on_alloc, on_dalloc, on_expand, NULL};
    void *installed = NULL;
    size_t size = sizeof(installed);
    if (mallctl("experimental.hooks.install", &installed, &size, &hooks, sizeof(hooks)) != 0 || installed == NULL) {
      pthread_mutex_unlock(&lock);
      return -1;
    }
    handle = installed;
  }
  users += 1;
  pthread_mutex_unlock(&lock);
  live = 0;
  peak = 0;
  allocated_bytes = 0;
  counting = 1;
  return 0;
}

int64_t sd_exact_peak_end(uint64_t *allocated) {
  if (!counting) return -1;
  counting = 0;
  pthread_mutex_lock(&lock);
  users -= 1;
  if (users == 0) {
    mallctl("experimental.hooks.remove", NULL, NULL, &handle, sizeof(handle));
    handle = NULL;
  }
  pthread_mutex_unlock(&lock);
  if (allocated) *allocated = allocated_bytes;
  return peak;
}
