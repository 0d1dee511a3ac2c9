// Debian's libjemalloc-dev (jemalloc 5.3): linking it makes jemalloc the
// process allocator; `mallctl` reads its per-thread counters.
#include <jemalloc/jemalloc.h>
