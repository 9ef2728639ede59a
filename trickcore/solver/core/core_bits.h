/* What the core's two searches share (general_core.c, twohand_core.c): bit helpers.  Private to
 * the core (the bindings include solver_core.h). */
#ifndef TRICKCORE_SOLVER_CORE_BITS_H
#define TRICKCORE_SOLVER_CORE_BITS_H

#include <stdint.h>
#include <string.h>

#include "solver_core.h"

#define SHIFT 4
#define RANK_MASK 0xFFFFull

static inline int bitlen(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int popc(uint64_t x) { return __builtin_popcountll(x); }
static inline int lowbit(uint64_t x) { return __builtin_ctzll(x); }

#endif
