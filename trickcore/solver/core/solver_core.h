/* The solver's two searches in plain C (no Python.h): the core that both bindings call.
 *
 *  - general_core.c: the general search, card by card, any number of seats up to TC_MAX_SEATS
 *    (a translation of trickcore/solver/search.py's _build_general);
 *  - twohand_core.c: Humbug's two-hand search (a translation of trickcore/solver/twohand.py),
 *    over a table (tc_table) that several searches may share.
 *
 * The bindings: trickcore/solver/_general.c and _twohand.c (the CPython extensions
 * trickcore.solver._general_c and _twohand_c) and trickcore/solver/wasm/solver_wasm.c (the
 * WebAssembly module that scripts/build_wasm.py builds for the browser edition).
 *
 * Numbering: a hand is one 64-bit word, 16 bits a suit: position p is suit p >> 4, rank p & 15,
 * the cards of each suit squeezed to its lowest positions (the Python searches use 32 bits a
 * suit: the bindings map one to the other, see tc_to16 / tc_to32).
 *
 * A test ("can the side make need tricks?") runs with a tc_run: the count of trick starts (in and
 * out), the count at which the search looks at its budget (check_at), and an optional callback:
 * when the count reaches check_at (and every 65,536 trick starts), the search calls check(ctx,
 * nodes, &check_at), which returns 0 to go on (setting the next check_at) or nonzero to stop
 * (status TC_STOPPED).  Without a callback, reaching check_at stops the search (TC_LIMIT): a
 * node limit.  A stopped test returns -1; the count is still written back.  The root leads the
 * search finds (the best lead of the root position, by leader) are written in root_leads.
 */
#ifndef TRICKCORE_SOLVER_CORE_H
#define TRICKCORE_SOLVER_CORE_H

#include <stddef.h>
#include <stdint.h>

#define TC_MAX_SEATS 7 /* the lengths key holds seven hands (general_core.c lengths_of) */
#define TC_GENERAL_SUIT 15 /* the most cards of one suit the general search takes */
#define TC_TWOHAND_SUIT 16

/* tc_run.status */
#define TC_OK 0
#define TC_LIMIT 1   /* the count reached check_at, and there is no callback */
#define TC_STOPPED 2 /* the callback said stop (the budget is spent, an interrupt...) */
#define TC_NOMEM 3   /* out of memory */
#define TC_BADARG 4  /* a trick start out of range */
/* tc_run.root_leads[leader] when the test found no root lead for that leader */
#define TC_NO_LEAD (-2)

typedef int (*tc_check_fn)(void *ctx, int64_t nodes, int64_t *check_at);

typedef struct {
    int64_t nodes;    /* in: the count so far; out: the count after the test */
    int64_t check_at; /* in/out: the count at which the budget is looked at next */
    tc_check_fn check;
    void *ctx;
    int status;                     /* out: TC_OK, or why the test returned -1 */
    int root_leads[TC_MAX_SEATS];   /* out: best root lead by leader (-1 none, TC_NO_LEAD unset) */
} tc_run;

/* A run from the count nodes with a node limit (check_at = limit, no callback). */
static inline void tc_run_init(tc_run *run, int64_t nodes, int64_t check_at) {
    run->nodes = nodes;
    run->check_at = check_at;
    run->check = 0;
    run->ctx = 0;
    run->status = TC_OK;
    for (int i = 0; i < TC_MAX_SEATS; i++) run->root_leads[i] = TC_NO_LEAD;
}

/* the Python searches' numbering (32 bits a suit) to the core's (16 bits a suit), and back */
static inline int tc_to16(long p) { return (int)((p >> 5) << 4 | (p & 31)); }
static inline long tc_to32(int p) { return p < 0 ? -1 : (long)((p >> 4) << 5 | (p & 15)); }

/* The allocator a search file uses for its tables (the C library's by default).  The CPython
 * bindings give Python's raw allocator (PyMem_Raw*, which tracemalloc sees); set it once, before
 * any search exists. */
typedef struct {
    void *(*malloc)(size_t size);
    void *(*calloc)(size_t count, size_t size);
    void *(*realloc)(void *ptr, size_t size);
    void (*free)(void *ptr);
} tc_allocator;

void tc_general_set_allocator(const tc_allocator *allocator);
void tc_twohand_set_allocator(const tc_allocator *allocator);

/* ---- the general search ---- */
typedef struct tc_general tc_general;

/* A search over n hands (2..TC_MAX_SEATS, 16 bits a suit, at most TC_GENERAL_SUIT cards a suit
 * in all), is_max[i] 1 for the side's seats; counts[i] 1 for the seats whose tricks count (NULL:
 * is_max; the fewest mode: one seat counted and minimising, every other seat maximising, and
 * then no quick-trick bound); trump 0..3 or -1; its table emptied when a new entry
 * would take it past max_entries.  NULL on bad arguments or no memory. */
tc_general *tc_general_new(int n, const uint64_t *hands, const int *is_max, const int *counts,
                           int trump, int64_t max_entries);
void tc_general_free(tc_general *s);
/* Can the side make need tricks, leader to lead, with nplayed cards of the trick already played
 * (core numbering), first the card the seat to move must play (-1: any)?  1, 0, or -1 (see
 * run->status). */
int tc_general_test(tc_general *s, tc_run *run, int leader, const int *played, int nplayed,
                    int need, int first);
/* New root hands (the same seats; 16 bits a suit, at most TC_GENERAL_SUIT cards a suit), the
 * table kept: its entries, at trick starts in relative ranks, hold for any root.  0, or -1
 * (refused: the search is unchanged). */
int tc_general_reroot(tc_general *s, const uint64_t *hands);
size_t tc_general_entries(const tc_general *s);
int tc_general_seats(const tc_general *s);

/* ---- the two-hand search (Humbug) ---- */
typedef struct tc_table tc_table;

tc_table *tc_table_new(void);
void tc_table_free(tc_table *t);
void tc_table_clear(tc_table *t);
size_t tc_table_count(const tc_table *t);
int64_t tc_table_get(const tc_table *t, uint64_t key); /* -1 when absent */

typedef struct tc_twohand tc_twohand;

/* A search over the hands h0, h1 (16 bits a suit), sharing the table t (which must outlive it). */
tc_twohand *tc_twohand_new(tc_table *t, uint64_t h0, uint64_t h1, int trump, int max0, int max1,
                           int64_t max_entries);
void tc_twohand_free(tc_twohand *s);
/* as tc_general_test; at most one card played */
int tc_twohand_test(tc_twohand *s, tc_run *run, int leader, const int *played, int nplayed,
                    int need, int first);

#endif
