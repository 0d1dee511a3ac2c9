// Callgrind's client requests, for counting only the diff (the diffbench article, counted runs).
// Without valgrind's headers, or outside valgrind, each is a no-op.
#ifndef SNAPSHOTDIFF_CCALLGRIND_H
#define SNAPSHOTDIFF_CCALLGRIND_H

/// Whether this process runs under valgrind (1) or not (0).
int sd_running_on_valgrind(void);
/// Zeroes callgrind's counters.
void sd_callgrind_zero_stats(void);
/// Starts or stops collecting (valgrind --collect-atstart=no starts it off).
void sd_callgrind_toggle_collect(void);
/// Writes the counters to a new dump file, its description naming `reason`.
void sd_callgrind_dump_stats(const char *reason);

#endif
