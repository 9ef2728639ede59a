/* Humbug's search in C: the same search as trickcore/solver/twohand.py, step for step.  Plain
 * C (no Python.h): the core that the CPython extension (_twohand.c) and the WebAssembly module
 * (wasm/solver_wasm.c) call; see solver_core.h.
 *
 * twohand.py is the reference (and the pure-Python build's search); this file is a faithful
 * translation of it.  It visits the same trick starts in the same order and keeps the same table
 * (same keys, same entries, emptied at the same size), so a solve gives the same answer, best
 * lead and count of trick starts in both: tests/solver/test_native.py checks that on random
 * positions.  What C adds is speed: hands, keys and the table's entries are machine words, with
 * no Python object per trick start.
 *
 * Numbering (see twohand.py): a hand is 64 bits, 16 a suit; position p is suit p >> 4, rank
 * p & 15, the cards of each suit squeezed to its lowest positions.
 *
 * Change this file and the Python search together: the tests fail on any difference in the
 * trick starts visited.
 */
#include "core_bits.h"

#include <stdlib.h>

static tc_allocator ALLOC = {malloc, calloc, realloc, free};

void tc_twohand_set_allocator(const tc_allocator *allocator) { ALLOC = *allocator; }

#define ONES (1ull | 1ull << 16 | 1ull << 32 | 1ull << 48)

static uint64_t BLOCKS[4];
static uint64_t ABOVE[64];


/* ---------------------------------------------------------------------------------------------
 * The table: keys (never 0: every key has a length mark in each suit) to entries, open
 * addressing, grown at half full.  Like the Python search's dict, it is emptied when a new key
 * would take it past the search's budget of entries.
 */

struct tc_table {
    uint64_t *keys;
    uint32_t *vals;
    int64_t cap; /* a power of two, or 0 */
    int64_t count;
};

static inline uint64_t hash64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

static int64_t table_get(const tc_table *t, uint64_t key) {
    if (!t->cap) return -1;
    uint64_t mask = (uint64_t)t->cap - 1;
    uint64_t i = hash64(key) & mask;
    for (;;) {
        uint64_t k = t->keys[i];
        if (k == key) return t->vals[i];
        if (!k) return -1;
        i = (i + 1) & mask;
    }
}

static int table_resize(tc_table *t, int64_t cap) {
    uint64_t *keys = ALLOC.calloc((size_t)cap, sizeof(uint64_t));
    uint32_t *vals = ALLOC.malloc((size_t)cap * sizeof(uint32_t));
    if (!keys || !vals) {
        ALLOC.free(keys);
        ALLOC.free(vals);
        return -1;
    }
    uint64_t mask = (uint64_t)cap - 1;
    for (int64_t j = 0; j < t->cap; j++) {
        uint64_t k = t->keys[j];
        if (!k) continue;
        uint64_t i = hash64(k) & mask;
        while (keys[i]) i = (i + 1) & mask;
        keys[i] = k;
        vals[i] = t->vals[j];
    }
    ALLOC.free(t->keys);
    ALLOC.free(t->vals);
    t->keys = keys;
    t->vals = vals;
    t->cap = cap;
    return 0;
}

static void table_clear(tc_table *t) {
    ALLOC.free(t->keys);
    ALLOC.free(t->vals);
    t->keys = NULL;
    t->vals = NULL;
    t->cap = 0;
    t->count = 0;
}

/* tt[key] = val, emptying the table first when it holds max_entries and key is new */
static int table_put(tc_table *t, uint64_t key, uint32_t val, int64_t max_entries) {
    if (t->count >= max_entries && table_get(t, key) < 0) table_clear(t);
    if (2 * (t->count + 1) > t->cap) {
        if (table_resize(t, t->cap ? 2 * t->cap : 1024) < 0) return -1;
    }
    uint64_t mask = (uint64_t)t->cap - 1;
    uint64_t i = hash64(key) & mask;
    for (;;) {
        uint64_t k = t->keys[i];
        if (k == key) {
            t->vals[i] = val;
            return 0;
        }
        if (!k) {
            t->keys[i] = key;
            t->vals[i] = val;
            t->count++;
            return 0;
        }
        i = (i + 1) & mask;
    }
}

/* ---------------------------------------------------------------------------------------------
 * The search.
 */

struct tc_twohand {
    tc_run *run; /* during a test: the count, the budget, the root leads */
    tc_table *tt; /* shared, not owned */
    uint64_t h0, h1;
    int trump;
    uint64_t tblock;
    int max0, max1;
    int sa, sb, sc;
    int64_t max_entries;
    int64_t nodes, check_at;
};

static int cashable(tc_twohand *s, uint64_t lead_hand, uint64_t other) {
    int total = 0;
    int trump = s->trump;
    int can_ruff = trump >= 0 && (other & s->tblock) != 0;
    for (int su = 0; su < 4; su++) {
        if (su == trump) continue;
        int shift = su * 16;
        uint64_t mine = (lead_hand >> shift) & RANK_MASK;
        if (!mine) continue;
        uint64_t theirs = (other >> shift) & RANK_MASK;
        int run = bitlen(mine) - bitlen(theirs);
        if (run <= 0) continue;
        if (can_ruff) {
            int length = popc(theirs);
            if (length < run) run = length;
        }
        total += run;
    }
    return total;
}

static void trump_tricks(tc_twohand *s, uint64_t lead_hand, uint64_t other, int *lsafe_out,
                         int *fsafe_out) {
    uint64_t tblock = s->tblock;
    uint64_t lt = lead_hand & tblock;
    uint64_t both = lt | (other & tblock);
    int lfree = 0, ffree = 0, lsafe = 0, fsafe = 0;
    while (both) {
        uint64_t top = 1ull << (bitlen(both) - 1);
        both ^= top;
        if (lt & top) {
            if (ffree) ffree--;
            else lsafe++;
            lfree++;
        } else {
            if (lfree) lfree--;
            else fsafe++;
            ffree++;
        }
    }
    *lsafe_out = lsafe;
    *fsafe_out = fsafe;
}

/* The key of a trick start, and in *perm the suit of each slot of the key (2 bits a slot). */
static uint64_t canon(tc_twohand *s, uint64_t h0, uint64_t h1, int leader, int *perm) {
    uint64_t a = ((h0 | h1) + ONES) | h0;
    int trump = s->trump;
    if (trump >= 0) {
        int sa = s->sa, sb = s->sb, sc = s->sc, t;
        uint64_t fa = (a >> (16 * sa)) & RANK_MASK;
        uint64_t fb = (a >> (16 * sb)) & RANK_MASK;
        uint64_t fc = (a >> (16 * sc)) & RANK_MASK;
        uint64_t x;
        if (fa < fb) { x = fa; fa = fb; fb = x; t = sa; sa = sb; sb = t; }
        if (fb < fc) {
            x = fb; fb = fc; fc = x; t = sb; sb = sc; sc = t;
            if (fa < fb) { x = fa; fa = fb; fb = x; t = sa; sa = sb; sb = t; }
        }
        uint64_t ft = (a >> (16 * trump)) & RANK_MASK;
        *perm = sa | sb << 2 | sc << 4 | trump << 6;
        return fa | fb << 14 | fc << 28 | ft << 42 | (uint64_t)leader << 56;
    }
    /* highest first, ties in suit order (as Python's sorted() of (f, -suit), read backwards) */
    uint64_t f[4];
    int order[4];
    for (int su = 0; su < 4; su++) {
        uint64_t v = (a >> (16 * su)) & RANK_MASK;
        int i = su;
        while (i > 0 && f[i - 1] < v) {
            f[i] = f[i - 1];
            order[i] = order[i - 1];
            i--;
        }
        f[i] = v;
        order[i] = su;
    }
    uint64_t key = (uint64_t)leader << 56;
    int p = 0;
    for (int i = 0; i < 4; i++) {
        key |= f[i] << (14 * i);
        p |= order[i] << (2 * i);
    }
    *perm = p;
    return key;
}

static int store(tc_twohand *s, uint64_t key, int lo, int hi, int best) {
    return table_put(s->tt, key, (uint32_t)(lo | (hi << 6) | ((best + 1) << 12)),
                     s->max_entries);
}

static void sort_ints(int *xs, int n) {
    for (int i = 1; i < n; i++) {
        int v = xs[i], j = i;
        while (j > 0 && xs[j - 1] > v) {
            xs[j] = xs[j - 1];
            j--;
        }
        xs[j] = v;
    }
}

static inline uint64_t squeeze(uint64_t hand, int card) {
    uint64_t hi = hand & ABOVE[card];
    return hi ? (hand ^ hi) | (hi >> 1) : hand;
}

/* The count reached check_at, or a multiple of 65,536: ask the run's callback (without one, a
 * count at check_at stops the search).  -1 (with the run's status) to stop. */
static int poll(tc_twohand *s) {
    tc_run *run = s->run;
    int stop;
    if (run->check) stop = run->check(run->ctx, s->nodes, &s->check_at);
    else stop = s->nodes >= s->check_at;
    if (!stop) return 0;
    run->status = run->check ? TC_STOPPED : TC_LIMIT;
    return -1;
}

/* Can the side make need of the left tricks, leader to lead?  1, 0, or -1 on an exception. */
static int start(tc_twohand *s, uint64_t h0, uint64_t h1, int leader, int need, int left) {
    if (need <= 0) return 1;
    if (need > left) return 0;
    s->nodes++;
    /* the budget at check_at, and the binding's callback every 65,536 trick starts (Ctrl-C) */
    if ((s->nodes >= s->check_at || !(s->nodes & 0xFFFF)) && poll(s) < 0) return -1;
    int trump = s->trump;
    uint64_t lead_hand, other;
    int lmax, fmax;
    if (leader) {
        lead_hand = h1; other = h0; lmax = s->max1; fmax = s->max0;
    } else {
        lead_hand = h0; other = h1; lmax = s->max0; fmax = s->max1;
    }
    int follower = 1 - leader;
    if (left == 1) {
        int lc = bitlen(lead_hand) - 1;
        int fc = bitlen(other) - 1;
        int win_f = (fc >> SHIFT == lc >> SHIFT) ? fc > lc : (fc >> SHIFT) == trump;
        return (win_f ? fmax : lmax) == 1;
    }
    int perm;
    uint64_t key = canon(s, h0, h1, leader, &perm);
    int64_t entry = table_get(s->tt, key);
    int lo = 0, hi = 0, best;
    if (entry >= 0) {
        lo = (int)(entry & 63);
        hi = (int)((entry >> 6) & 63);
        best = (int)(entry >> 12) - 1;
        if (best >= 0) best = ((perm >> (2 * (best >> SHIFT))) & 3) << SHIFT | (best & 15);
        if (lo >= need) return 1;
        if (hi < need) return 0;
    } else {
        best = -1;
        if (lmax == fmax) {
            lo = hi = lmax ? left : 0;
        } else {
            int lsure = cashable(s, lead_hand, other), fsure = 0;
            if (trump >= 0) {
                int lsafe;
                trump_tricks(s, lead_hand, other, &lsafe, &fsure);
                lsure += lsafe;
            }
            if (lmax) {
                lo = lsure; hi = left - fsure;
            } else {
                lo = fsure; hi = left - lsure;
            }
        }
        if (lo >= need || hi < need) {
            if (store(s, key, lo, hi, -1) < 0) return -1;
            return lo >= need;
        }
    }
    uint64_t tblock = s->tblock;
    uint64_t reps = lead_hand & ~(lead_hand << 1);
    int leads[64], nleads = 0;
    int rest[64], nrest = 0;
    int ruffed[64], nruffed = 0;
    if (best >= 0 && ((reps >> best) & 1)) {
        leads[nleads++] = best;
        reps ^= 1ull << best;
    }
    int ruffs = trump >= 0 && (other & tblock) != 0;
    while (reps) {
        int c = lowbit(reps);
        reps &= reps - 1;
        if (ruffs && (c >> SHIFT) != trump && !(other & BLOCKS[c >> SHIFT])) ruffed[nruffed++] = c;
        else if (other & ABOVE[c]) rest[nrest++] = c;
        else leads[nleads++] = c;
    }
    if (nrest > 1) {
        for (int i = 0; i < nrest; i++) {
            int c = rest[i];
            int shift = (c >> SHIFT) * 16;
            rest[i] = ((c & 15) - popc((lead_hand >> shift) & RANK_MASK)
                       + 4 * popc((other >> shift) & RANK_MASK) + 64) << 6 | c;
        }
        sort_ints(rest, nrest);
        for (int i = 0; i < nrest; i++) leads[nleads++] = rest[i] & 63;
    } else if (nrest == 1) {
        leads[nleads++] = rest[0];
    }
    for (int i = 0; i < nruffed; i++) leads[nleads++] = ruffed[i];
    int lwant = lmax == 1, fwant = fmax == 1;
    int opposed = lwant != fwant;
    int result = !lwant;
    int chosen = -1;
    for (int li = 0; li < nleads; li++) {
        int lead = leads[li];
        uint64_t lead_after = lead_hand ^ (1ull << lead);
        int lb = lead >> SHIFT;
        uint64_t follow = other & BLOCKS[lb];
        int replies[64], nreplies = 0;
        if (follow) {
            uint64_t freps = follow & ~(other << 1);
            uint64_t order, rest_mask;
            if (opposed) {
                order = freps & ABOVE[lead];
                rest_mask = freps ^ order;
            } else {
                order = freps;
                rest_mask = 0;
            }
            while (order) { replies[nreplies++] = lowbit(order); order &= order - 1; }
            while (rest_mask) { replies[nreplies++] = lowbit(rest_mask); rest_mask &= rest_mask - 1; }
        } else {
            uint64_t freps = other & ~(other << 1);
            uint64_t trumps = freps & tblock;
            uint64_t plain_mask = freps ^ trumps;
            int plain[64], nplain = 0, ruff[64], nruff = 0;
            while (plain_mask) { plain[nplain++] = lowbit(plain_mask); plain_mask &= plain_mask - 1; }
            if (nplain > 1) {
                for (int i = 0; i < nplain; i++) {
                    int c = plain[i];
                    plain[i] = ((c & 15) - 2 * popc((other >> ((c >> SHIFT) * 16)) & RANK_MASK)
                                + 64) << 6 | c;
                }
                sort_ints(plain, nplain);
                for (int i = 0; i < nplain; i++) plain[i] &= 63;
            }
            while (trumps) { ruff[nruff++] = lowbit(trumps); trumps &= trumps - 1; }
            if (opposed) {
                for (int i = 0; i < nruff; i++) replies[nreplies++] = ruff[i];
                for (int i = 0; i < nplain; i++) replies[nreplies++] = plain[i];
            } else {
                for (int i = 0; i < nplain; i++) replies[nreplies++] = plain[i];
                for (int i = 0; i < nruff; i++) replies[nreplies++] = ruff[i];
            }
        }
        int fres = !fwant;
        for (int ri = 0; ri < nreplies; ri++) {
            int reply = replies[ri];
            uint64_t other_after = other ^ (1ull << reply);
            int win_f = (reply >> SHIFT == lb) ? reply > lead : (reply >> SHIFT) == trump;
            int a, b;
            if (lead > reply) { a = lead; b = reply; } else { a = reply; b = lead; }
            uint64_t new_l = squeeze(squeeze(lead_after, a), b);
            uint64_t new_f = squeeze(squeeze(other_after, a), b);
            uint64_t nh0, nh1;
            if (leader) { nh0 = new_f; nh1 = new_l; } else { nh0 = new_l; nh1 = new_f; }
            int r = win_f ? start(s, nh0, nh1, follower, need - fmax, left - 1)
                          : start(s, nh0, nh1, leader, need - lmax, left - 1);
            if (r < 0) return -1;
            if (r == fwant) {
                fres = r;
                break;
            }
        }
        if (fres == lwant) {
            result = fres;
            chosen = lead;
            break;
        }
    }
    if (result) lo = need;
    else hi = need - 1;
    if (entry >= 0) {
        int elo = (int)(entry & 63), ehi = (int)((entry >> 6) & 63);
        if (elo > lo) lo = elo;
        if (ehi < hi) hi = ehi;
        if (chosen < 0) chosen = best;
    }
    if (chosen >= 0) {
        int suit = chosen >> SHIFT, slot = 0;
        while (((perm >> (2 * slot)) & 3) != suit) slot++;
        chosen = slot << SHIFT | (chosen & 15);
    }
    if (store(s, key, lo, hi, chosen) < 0) return -1;
    return result;
}

/* The trick (lead, reply) is complete; the hands no longer hold those cards. */
static int after(tc_twohand *s, uint64_t h0, uint64_t h1, int leader, int lead, int reply,
                 int need, int left) {
    int trump = s->trump, winner;
    if (reply >> SHIFT == lead >> SHIFT) winner = reply > lead ? 1 - leader : leader;
    else winner = (reply >> SHIFT) == trump ? 1 - leader : leader;
    int a, b;
    if (lead > reply) { a = lead; b = reply; } else { a = reply; b = lead; }
    h0 = squeeze(squeeze(h0, a), b);
    h1 = squeeze(squeeze(h1, a), b);
    int won = winner ? s->max1 : s->max0;
    return start(s, h0, h1, winner, need - won, left - 1);
}

/* The lead is on the table (already out of its hand); the follower chooses. */
static int follow_all(tc_twohand *s, uint64_t h0, uint64_t h1, int leader, int lead, int need,
                      int left) {
    int follower = 1 - leader;
    uint64_t other = leader == 0 ? h1 : h0;
    uint64_t legal = other & BLOCKS[lead >> SHIFT];
    if (!legal) legal = other;
    int want = (follower ? s->max1 : s->max0) == 1;
    uint64_t reps = legal & ~(other << 1);
    while (reps) {
        int reply = lowbit(reps);
        reps &= reps - 1;
        int r = follower ? after(s, h0, h1 ^ (1ull << reply), leader, lead, reply, need, left)
                         : after(s, h0 ^ (1ull << reply), h1, leader, lead, reply, need, left);
        if (r < 0) return -1;
        if (r == want) return r;
    }
    return !want;
}

static int inner_test(tc_twohand *s, int leader, const int *played, int64_t nplayed, int need,
                      int first) {
    uint64_t h0 = s->h0, h1 = s->h1;
    int seat = (int)((leader + nplayed) % 2);
    int left = popc(seat ? h1 : h0);
    if (need <= 0) return 1;
    if (need > left) return 0;
    if (nplayed == 0) {
        if (first < 0) {
            int made = start(s, h0, h1, leader, need, left);
            if (made < 0) return -1;
            int perm;
            uint64_t key = canon(s, h0, h1, leader, &perm);
            int64_t entry = table_get(s->tt, key);
            if (entry >= 0 && (entry >> 12)) {
                int b = (int)(entry >> 12) - 1;
                int lead = ((perm >> (2 * (b >> SHIFT))) & 3) << SHIFT | (b & 15);
                s->run->root_leads[leader] = lead;
            }
            return made;
        }
        if (leader) h1 ^= 1ull << first;
        else h0 ^= 1ull << first;
        return follow_all(s, h0, h1, leader, first, need, left);
    }
    int lead = played[0];
    if (first < 0) return follow_all(s, h0, h1, leader, lead, need, left);
    if (seat) h1 ^= 1ull << first;
    else h0 ^= 1ull << first;
    return after(s, h0, h1, leader, lead, first, need, left);
}

static void init_tables(void) {
    for (int su = 0; su < 4; su++) BLOCKS[su] = RANK_MASK << (16 * su);
    for (int c = 0; c < 64; c++) ABOVE[c] = BLOCKS[c >> SHIFT] & ~((2ull << c) - 1);
}

tc_table *tc_table_new(void) { return ALLOC.calloc(1, sizeof(tc_table)); }

void tc_table_free(tc_table *t) {
    if (!t) return;
    table_clear(t);
    ALLOC.free(t);
}

void tc_table_clear(tc_table *t) { table_clear(t); }

size_t tc_table_count(const tc_table *t) { return (size_t)t->count; }

int64_t tc_table_get(const tc_table *t, uint64_t key) { return table_get(t, key); }

tc_twohand *tc_twohand_new(tc_table *t, uint64_t h0, uint64_t h1, int trump, int max0, int max1,
                           int64_t max_entries) {
    if (!t || trump < -1 || trump > 3) return NULL;
    init_tables();
    tc_twohand *s = ALLOC.calloc(1, sizeof(tc_twohand));
    if (!s) return NULL;
    s->tt = t;
    s->h0 = h0;
    s->h1 = h1;
    s->trump = trump;
    s->tblock = trump >= 0 ? BLOCKS[trump] : 0;
    s->max0 = max0;
    s->max1 = max1;
    s->max_entries = max_entries;
    int sides[3], n = 0;
    for (int su = 0; su < 4; su++)
        if (su != trump && n < 3) sides[n++] = su;
    s->sa = sides[0];
    s->sb = sides[1];
    s->sc = sides[2];
    return s;
}

void tc_twohand_free(tc_twohand *s) { ALLOC.free(s); }

int tc_twohand_test(tc_twohand *s, tc_run *run, int leader, const int *played, int nplayed,
                    int need, int first) {
    run->status = TC_OK;
    for (int i = 0; i < TC_MAX_SEATS; i++) run->root_leads[i] = TC_NO_LEAD;
    if (nplayed < 0 || nplayed > 1 || leader < 0 || leader > 1) {
        run->status = TC_BADARG;
        return -1;
    }
    s->run = run;
    s->nodes = run->nodes;
    s->check_at = run->check_at;
    int r = inner_test(s, leader, played, nplayed, need, first);
    run->nodes = s->nodes;
    run->check_at = s->check_at;
    if (r < 0 && run->status == TC_OK) run->status = TC_NOMEM;
    s->run = NULL;
    return r;
}
