#include "CCallgrind.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define SD_HAVE_CALLGRIND 1
#endif
#endif

#ifdef SD_HAVE_CALLGRIND
int sd_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
void sd_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void sd_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void sd_callgrind_dump_stats(const char *reason) { CALLGRIND_DUMP_STATS_AT(reason); }
#else
int sd_running_on_valgrind(void) { return 0; }
void sd_callgrind_zero_stats(void) {}
void sd_callgrind_toggle_collect(void) {}
void sd_callgrind_dump_stats(const char *reason) { (void)reason; }
#endif
