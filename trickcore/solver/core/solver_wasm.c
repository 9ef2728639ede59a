/* The WebAssembly binding of the solver's core (solver_core.h): plain C, built by
 * scripts/build_wasm.py with `clang --target=wasm32-wasi -O3 -mexec-model=reactor` (no
 * Emscripten) into trickcore_solver.wasm, which trickcore/solver/solver_wasm.js wraps for Node.js
 * and for Pyodide (trickcore/solver/wasm.py).
 *
 * Exports (64-bit integers cross to JavaScript as BigInt):
 *   malloc(size), free(ptr)                        memory for the arguments
 *   general_new(n, hands*, is_max*, trump, max_entries) -> search (0: refused)
 *   general_new_counts(n, hands*, is_max*, counts*, trump, max_entries) -> search: the seats
 *       whose tricks count given apart (the fewest mode, see solver_core.h)
 *   general_test(search, leader, played*, nplayed, need, first, nodes, check_at, ms) -> 1/0/-1
 *   general_reroot(search, hands*) -> 1 (0: refused), general_entries(search),
 *   general_free(search)
 *   table_new(), table_count(t), table_clear(t), table_free(t)
 *   twohand_new(t, h0, h1, trump, max0, max1, max_entries) -> search
 *   twohand_test(...as general_test), twohand_free(search)
 *   last_nodes(), last_status(), last_root_lead(leader)   what the last test left
 * hands* is an array of uint64 (16 bits a suit), is_max* and played* arrays of int32; cards in
 * the core's numbering.  A test counts trick starts from `nodes` and stops (-1, last_status()
 * TC_LIMIT or TC_STOPPED) when the count reaches `check_at` or after `ms` milliseconds (ms <= 0:
 * no time limit; the clock is the imported env.now_ms, read every 2,048 trick starts).
 */
#include <stdlib.h>

#include "solver_core.h"

#define EXPORT(name) __attribute__((export_name(name)))

/* milliseconds from some origin (the shim gives performance.now) */
__attribute__((import_module("env"), import_name("now_ms"))) extern double now_ms(void);

static tc_run last;

typedef struct {
    int64_t limit;
    double deadline;
} Budget;

static int check_clock(void *ctx, int64_t nodes, int64_t *check_at) {
    Budget *b = (Budget *)ctx;
    if (nodes >= b->limit) return 1;
    if (nodes >= *check_at) {
        if (now_ms() >= b->deadline) return 1;
        int64_t next = nodes + 2048;
        *check_at = next < b->limit ? next : b->limit;
    }
    return 0;
}

static Budget budget;

static void start_run(int64_t nodes, int64_t check_at, double ms) {
    tc_run_init(&last, nodes, check_at);
    if (ms > 0) {
        budget.limit = check_at;
        budget.deadline = now_ms() + ms;
        last.check_at = nodes + 2048 < check_at ? nodes + 2048 : check_at;
        last.check = check_clock;
        last.ctx = &budget;
    }
}

EXPORT("malloc") void *wasm_malloc(size_t size) { return malloc(size); }
EXPORT("free") void wasm_free(void *ptr) { free(ptr); }

EXPORT("general_new")
tc_general *wasm_general_new(int n, const uint64_t *hands, const int *is_max, int trump,
                             int64_t max_entries) {
    return tc_general_new(n, hands, is_max, NULL, trump, max_entries);
}

EXPORT("general_new_counts")
tc_general *wasm_general_new_counts(int n, const uint64_t *hands, const int *is_max,
                                    const int *counts, int trump, int64_t max_entries) {
    return tc_general_new(n, hands, is_max, counts, trump, max_entries);
}

EXPORT("general_test")
int wasm_general_test(tc_general *s, int leader, const int *played, int nplayed, int need,
                      int first, int64_t nodes, int64_t check_at, double ms) {
    start_run(nodes, check_at, ms);
    return tc_general_test(s, &last, leader, played, nplayed, need, first);
}

EXPORT("general_reroot")
int wasm_general_reroot(tc_general *s, const uint64_t *hands) {
    return tc_general_reroot(s, hands) == 0;
}

EXPORT("general_entries") int wasm_general_entries(tc_general *s) {
    return (int)tc_general_entries(s);
}
EXPORT("general_free") void wasm_general_free(tc_general *s) { tc_general_free(s); }

EXPORT("table_new") tc_table *wasm_table_new(void) { return tc_table_new(); }
EXPORT("table_count") int wasm_table_count(tc_table *t) { return (int)tc_table_count(t); }
EXPORT("table_clear") void wasm_table_clear(tc_table *t) { tc_table_clear(t); }
EXPORT("table_free") void wasm_table_free(tc_table *t) { tc_table_free(t); }

EXPORT("twohand_new")
tc_twohand *wasm_twohand_new(tc_table *t, uint64_t h0, uint64_t h1, int trump, int max0,
                             int max1, int64_t max_entries) {
    return tc_twohand_new(t, h0, h1, trump, max0, max1, max_entries);
}

EXPORT("twohand_test")
int wasm_twohand_test(tc_twohand *s, int leader, const int *played, int nplayed, int need,
                      int first, int64_t nodes, int64_t check_at, double ms) {
    start_run(nodes, check_at, ms);
    return tc_twohand_test(s, &last, leader, played, nplayed, need, first);
}

EXPORT("twohand_free") void wasm_twohand_free(tc_twohand *s) { tc_twohand_free(s); }

EXPORT("last_nodes") int64_t wasm_last_nodes(void) { return last.nodes; }
EXPORT("last_status") int wasm_last_status(void) { return last.status; }
EXPORT("last_root_lead") int wasm_last_root_lead(int leader) {
    return leader >= 0 && leader < TC_MAX_SEATS ? last.root_leads[leader] : TC_NO_LEAD;
}
