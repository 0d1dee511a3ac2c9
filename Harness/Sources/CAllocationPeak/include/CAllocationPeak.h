#ifndef C_ALLOCATION_PEAK_H
#define C_ALLOCATION_PEAK_H

#include <stdint.h>

// The exact peak of one thread's live heap bytes over a stretch of code,
// through jemalloc's allocation hooks (jemalloc 5.3's "experimental.hooks").
//
// jemalloc's own "thread.peak" is refreshed only every 64 KiB of allocation,
// so a short-lived buffer can come and go between two refreshes and never
// be seen. The hooks see every allocation, free and in-place resize, each
// counted at its usable size (as "thread.allocated" counts it).
//
// Only in a process of one thread. While any hook is installed, jemalloc
// looks up full thread-local state on every allocation and free of every
// thread, also in a thread that is ending, after its thread-local
// destructors have run: a thread that never allocated is then entered in
// jemalloc's list of live threads and never taken out, and the list is
// corrupt once that thread's memory is reused (a test process crashed in
// tsd_remove_nominal this way). With one thread, no other can end while the
// hooks are in. The hooks slow every allocation while installed: never
// around a timed or counted diff.

// Why begin did not start.
enum {
  SD_EXACT_PEAK_NO_HOOKS = -1,       // jemalloc has no hooks to install
  SD_EXACT_PEAK_OTHER_THREADS = -2,  // the process has other threads (or /proc cannot say)
  SD_EXACT_PEAK_NESTED = -3,         // already measuring
};

// Installs the hooks and starts counting this thread's live bytes from 0.
// Returns 0, or one of the reasons above (then end returns -1).
int sd_exact_peak_begin(void);

// The number of threads in this process, from /proc/self/stat, or -1.
int sd_thread_count(void);

// Removes the hooks. Returns the highest count of live bytes since begin
// (above what was live then), or -1 when begin did not start; `allocated`
// receives the bytes allocated since begin.
int64_t sd_exact_peak_end(uint64_t *allocated);

#endif
