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
/* the instruction where the target has one (WebAssembly, x86 with POPCNT), else a few shifts
 * and adds in line (a portable x86-64 build would call a library routine) */
static inline int popc(uint64_t x) {
#if defined(__wasm__) || defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}
static inline int lowbit(uint64_t x) { return __builtin_ctzll(x); }

#endif
