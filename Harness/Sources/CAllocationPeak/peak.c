#include "CAllocationPeak.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

// The counts of the one thread there is while the hooks are in (see the
// header: they go in only when the process has one thread).
static int counting;
static int64_t live, peak;
static uint64_t allocated_bytes;
static void *handle;

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

int sd_thread_count(void) {
  // Field 20 of /proc/self/stat; the command name (field 2) may hold spaces
  // and parentheses, so fields are counted from its last ')'. Read with
  // plain system calls: nothing here allocates.
  char buffer[1024];
  int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buffer, sizeof(buffer) - 1);
  close(fd);
  if (n <= 0) return -1;
  buffer[n] = 0;
  char *p = strrchr(buffer, ')');
  if (p == NULL) return -1;
  // After ')': field 3 is the state; field 20 is 17 spaces further on.
  for (int field = 2; field < 20; field += 1) {
    p = strchr(p + 1, ' ');
    if (p == NULL) return -1;
  }
  return atoi(p + 1);
}

int sd_exact_peak_begin(void) {
  if (counting) return SD_EXACT_PEAK_NESTED;
  // Checked here, the one place the hooks go in: another thread could only
  // be started by this one, and it is busy measuring.
  if (sd_thread_count() != 1) return SD_EXACT_PEAK_OTHER_THREADS;
  sd_hooks_t hooks = {on_alloc, on_dalloc, on_expand, NULL};
  void *installed = NULL;
  size_t size = sizeof(installed);
  if (mallctl("experimental.hooks.install", &installed, &size, &hooks, sizeof(hooks)) != 0 || installed == NULL) {
    return SD_EXACT_PEAK_NO_HOOKS;
  }
  handle = installed;
  live = 0;
  peak = 0;
  allocated_bytes = 0;
  counting = 1;
  return 0;
}

int64_t sd_exact_peak_end(uint64_t *allocated) {
  if (!counting) return -1;
  counting = 0;
  mallctl("experimental.hooks.remove", NULL, NULL, &handle, sizeof(handle));
  handle = NULL;
  if (allocated) *allocated = allocated_bytes;
  return peak;
}
