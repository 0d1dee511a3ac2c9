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
// The hooks slow every allocation of the process while installed, so they
// are installed by the first begin and removed by the last end (threads may
// measure at once, each its own bytes): never around a timed or counted diff.

// Installs the hooks and starts counting this thread's live bytes from 0.
// Returns 0, or -1 when jemalloc has no hooks to install (then end returns
// -1 too).
int sd_exact_peak_begin(void);

// Removes the hooks. Returns the highest count of live bytes since begin
// (above what was live then), or -1; `allocated` receives the bytes
// allocated since begin.
int64_t sd_exact_peak_end(uint64_t *allocated);

#endif
