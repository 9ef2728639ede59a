/* The general search in C: the same search as _Search._build_general in
 * trickcore/solver/search.py, step for step (card by card, any number of seats up to MAX_SEATS,
 * partition search).  Plain C (no Python.h): the core that the CPython extension (_general.c)
 * and the WebAssembly module (wasm/solver_wasm.c) call; see solver_core.h.
 *
 * search.py is the reference (and the pure-Python build's search); this file translates it.
 * It visits the same trick starts in the same order and keeps the same table (an entry for the
 * same positions, emptied at the same size), so a solve gives the same answer, best cards and
 * count of trick starts in both: tests/solver/test_native.py checks that on random positions.
 *
 * Numbering: the Python search's suits are blocks of 32 bits; here they are blocks of 16 (a hand
 * in one 64-bit word), so a suit may hold at most MAX_SUIT of the position's cards.  The map
 * from one numbering to the other keeps every order (suit, then rank), so every choice made by
 * comparing cards is the same.
 *
 * Change this file and the Python search together: the tests fail on any difference in the
 * trick starts visited.
 */
#include "core_bits.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static tc_allocator ALLOC = {malloc, calloc, realloc, free};

void tc_general_set_allocator(const tc_allocator *allocator) { ALLOC = *allocator; }

#define MAX_SEATS TC_MAX_SEATS
#define MAX_SUIT TC_GENERAL_SUIT
#define MAX_PLANES 3 /* bit planes for seats 0..6 */
#define KW (3 + MAX_PLANES + 1) /* most key words: lengths (2), region, planes, all hands */

static uint64_t BLOCKS[4];
static uint64_t ABOVE[64];
static uint64_t AT_LEAST[64];


static int bits_of(uint64_t m, int *out) {
    int n = 0;
    while (m) {
        out[n++] = lowbit(m);
        m &= m - 1;
    }
    return n;
}

/* ---------------------------------------------------------------------------------------------
 * The table: keys of kw words to entries, open addressing, grown at half full; emptied, with the
 * list of regions, when a new key would take it past the budget of entries (as the Python
 * search's dict).
 *
 * A key (make_key): the suit lengths of every hand and the leader (2 words), the region, then the
 * hands' cards in the region as bit planes: plane b holds the cards of the seats whose number has
 * bit b set, and a last word holds every hand's cards in the region.  A card of the region is in
 * the last word or not, and then its seat is spelt by its bits in the planes: so two keys are equal
 * exactly when the lengths, the region and each hand's cards in the region are (the Python search's
 * key), in 3 + planes + 1 words (6 for four seats) instead of 3 + the seats.
 *
 * Each slot is one run of words: the key's hash (with its lowest bit set; 0 for an empty slot),
 * the entry, then the key; eight words (one 64-byte cache line) up to four seats.  A probe that
 * finds its key reads one line, where separate arrays of hashes, keys and entries read three.
 */

typedef struct {
    uint64_t *slots; /* cap * stride words, the first at a 64-byte boundary */
    void *raw;       /* what the allocator gave (slots is raw rounded up to 64 bytes) */
    size_t cap, count;
    size_t kw, stride;
} TT;

static inline uint64_t mix(uint64_t h, uint64_t k) {
    h ^= k + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

/* a key's hash from the state h after its first `from` words (the lengths are the same for every
 * region a lookup tries: their part is mixed once) */
static inline uint64_t hash_tail(uint64_t h, const uint64_t *key, size_t from, size_t kw) {
    for (size_t i = from; i < kw; i++) h = mix(h, key[i]);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h | 1;
}


static inline int key_eq(const uint64_t *a, const uint64_t *b, size_t kw) {
    for (size_t i = 0; i < kw; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

#define HUGE_PAGE ((uintptr_t)2 << 20)
#define HUGE_TABLE ((size_t)8 << 20)

static inline uint64_t *tt_slot(const TT *t, uint64_t fp) {
    return t->slots + ((size_t)(fp >> 1) & (t->cap - 1)) * t->stride;
}

static int64_t tt_get_h(TT *t, const uint64_t *key, uint64_t fp) {
    if (!t->cap) return -1;
    size_t kw = t->kw, stride = t->stride;
    uint64_t *end = t->slots + t->cap * stride, *slot = tt_slot(t, fp);
    for (;;) {
        uint64_t f = slot[0];
        if (!f) return -1;
        if (f == fp && key_eq(slot + 2, key, kw)) return (int64_t)slot[1];
        slot += stride;
        if (slot == end) slot = t->slots;
    }
}

/* A key's bit in its region's filter (128 bits: which word, which bit), from a quick hash of the
 * key's words after the lengths: a lookup tries every region of its lengths, and the filter lets
 * it skip the full hash and the probe of most. */
static inline void filter_bit(const uint64_t *key, size_t kw, int *word, uint64_t *bit) {
    uint64_t x = key[2];
    for (size_t i = 3; i < kw; i++) x = (x ^ key[i]) * 0x100000001b3ull;
    x *= 0x9e3779b97f4a7c15ull;
    *word = (int)(x >> 63);
    *bit = 1ull << ((x >> 57) & 63);
}

static void tt_free(TT *t) {
    ALLOC.free(t->raw);
    t->raw = NULL;
    t->slots = NULL;
    t->cap = t->count = 0; /* kw and stride stay */
}

static int tt_grow(TT *t) {
    size_t cap = t->cap ? 2 * t->cap : 1024, stride = t->stride;
    size_t bytes = cap * stride * sizeof(uint64_t);
    /* a big table starts at a 2 MiB boundary, and Linux is asked to back it with huge pages: its
     * probes land anywhere in it, and with 4 KiB pages most of them would also miss the TLB */
    uintptr_t align = bytes >= HUGE_TABLE ? HUGE_PAGE : 64;
    void *raw = ALLOC.calloc(bytes + align, 1);
    if (!raw) return -1;
    uint64_t *slots = (uint64_t *)(((uintptr_t)raw + align - 1) & ~(align - 1));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == HUGE_PAGE) madvise(slots, bytes & ~(size_t)(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
    size_t mask = cap - 1;
    for (size_t j = 0; j < t->cap; j++) {
        const uint64_t *old = t->slots + j * stride;
        if (!old[0]) continue;
        size_t i = (size_t)(old[0] >> 1) & mask;
        while (slots[i * stride]) i = (i + 1) & mask;
        memcpy(slots + i * stride, old, stride * sizeof(uint64_t));
    }
    ALLOC.free(t->raw);
    t->raw = raw;
    t->slots = slots;
    t->cap = cap;
    return 0;
}

/* keep val for key */
static int tt_insert(TT *t, const uint64_t *key, uint32_t val, uint64_t fp) {
    if (4 * (t->count + 1) > 3 * t->cap && tt_grow(t) < 0) return -1;
    size_t kw = t->kw, stride = t->stride;
    uint64_t *end = t->slots + t->cap * stride, *slot = tt_slot(t, fp);
    for (;;) {
        uint64_t f = slot[0];
        if (!f) {
            slot[0] = fp;
            slot[1] = val;
            memcpy(slot + 2, key, kw * sizeof(uint64_t));
            t->count++;
            return 0;
        }
        if (f == fp && key_eq(slot + 2, key, kw)) {
            slot[1] = val;
            return 0;
        }
        slot += stride;
        if (slot == end) slot = t->slots;
    }
}

/* The regions the table holds entries for, by suit lengths and leader, each list in the order
 * first met: a map from the lengths (2 words) to a list of its own, in one run of memory. */
/* a region, and a filter of the keys the table holds with it: a bit set for each (see
 * filter_bit); a key whose bit is clear is not in the table, and is not looked for */
typedef struct {
    uint64_t region, filter[2];
} RItem;

typedef struct {
    RItem *regs;
    uint32_t len, cap;
} RList;

/* a slot of the map: the lengths (k[0] never 0 in a used slot) beside their list, so that a
 * lookup reads one cache line before the list */
typedef struct {
    uint64_t k[2];
    RList list;
} RSlot;

typedef struct {
    RSlot *slots; /* cap */
    size_t cap, count;
} Regions;

static void regions_free(Regions *r) {
    for (size_t i = 0; i < r->cap; i++)
        if (r->slots[i].k[0]) ALLOC.free(r->slots[i].list.regs);
    ALLOC.free(r->slots);
    memset(r, 0, sizeof(*r));
}

static inline size_t rhash(const uint64_t *k) {
    uint64_t h = mix(mix(0, k[0]), k[1]);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return (size_t)h;
}

/* the slot of lengths k: the one holding them, or the empty one where they would go */
static inline RSlot *regions_slot(const Regions *r, const uint64_t *k) {
    size_t mask = r->cap - 1, i = rhash(k) & mask;
    for (;;) {
        RSlot *x = r->slots + i;
        if (!x->k[0] || (x->k[0] == k[0] && x->k[1] == k[1])) return x;
        i = (i + 1) & mask;
    }
}

/* the list of lengths k, or NULL */
static inline RList *regions_find(Regions *r, const uint64_t *k) {
    if (!r->cap) return NULL;
    RSlot *x = regions_slot(r, k);
    return x->k[0] ? &x->list : NULL;
}

static int regions_grow(Regions *r) {
    size_t cap = r->cap ? 2 * r->cap : 1024;
    RSlot *slots = ALLOC.calloc(cap, sizeof(RSlot));
    if (!slots) return -1;
    Regions bigger = {slots, cap, r->count};
    for (size_t j = 0; j < r->cap; j++)
        if (r->slots[j].k[0]) *regions_slot(&bigger, r->slots[j].k) = r->slots[j];
    ALLOC.free(r->slots);
    *r = bigger;
    return 0;
}

static int rlist_push(RList *l, uint64_t region) {
    if (l->len == l->cap) {
        uint32_t cap = l->cap ? 2 * l->cap : 4;
        RItem *regs = ALLOC.realloc(l->regs, cap * sizeof(RItem));
        if (!regs) return -1;
        l->regs = regs;
        l->cap = cap;
    }
    l->regs[l->len].region = region;
    l->regs[l->len].filter[0] = l->regs[l->len].filter[1] = 0;
    return (int)l->len++;
}

/* add region to the list for lengths k unless it is there, and set the bit of key (kw words) in
 * its filter */
static int regions_add(Regions *r, const uint64_t *k, uint64_t region, const uint64_t *key,
                       size_t kw) {
    int word;
    uint64_t bit;
    filter_bit(key, kw, &word, &bit);
    RList *l = regions_find(r, k);
    if (l) {
        for (uint32_t j = 0; j < l->len; j++)
            if (l->regs[j].region == region) {
                l->regs[j].filter[word] |= bit;
                return 0;
            }
        int at = rlist_push(l, region);
        if (at < 0) return -1;
        l->regs[at].filter[word] |= bit;
        return 0;
    }
    if (2 * (r->count + 1) > r->cap && regions_grow(r) < 0) return -1;
    RSlot *x = regions_slot(r, k);
    x->k[0] = k[0];
    x->k[1] = k[1];
    x->list.regs = NULL;
    x->list.len = x->list.cap = 0;
    r->count++;
    if (rlist_push(&x->list, region) < 0) return -1;
    x->list.regs[0].filter[word] |= bit;
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * The search.
 */

struct tc_general {
    tc_run *run; /* during a test: the count, the budget, the root leads */
    int n, last, trump;
    uint64_t trump_block;
    int is_max[MAX_SEATS]; /* the seats that maximise */
    int counts[MAX_SEATS]; /* the seats whose tricks count (is_max, but in the fewest mode) */
    int bounds;            /* counts == is_max: the quick-trick bound holds */
    uint64_t root[MAX_SEATS];
    uint64_t hands[MAX_SEATS];
    int table[MAX_SEATS], ntable;
    int root_left;
    int64_t max_entries;
    int64_t nodes, check_at;
    uint64_t rel;
    int chosen;
    int planes; /* bit planes a key holds (1 for two seats, 2 up to four, 3 up to seven) */
    TT tt;
    Regions regions;
};

static inline int beats(int card, int best, int trump) {
    if (card >> SHIFT == best >> SHIFT) return card > best;
    return (card >> SHIFT) == trump;
}

/* Tricks `leader` can cash from the top on lead before the other side can ruff, suit by suit in
 * runs[] (0 where none). */
static int cashable(tc_general *s, int leader, int *runs) {
    uint64_t hand = s->hands[leader], others = 0;
    for (int i = 0; i < s->n; i++)
        if (i != leader) others |= s->hands[i];
    int total = 0, trump = s->trump;
    for (int su = 0; su < 4; su++) {
        int shift = su * 16;
        runs[su] = 0;
        uint64_t mine = (hand >> shift) & RANK_MASK;
        if (!mine) continue;
        int theirs = bitlen((others >> shift) & RANK_MASK);
        int run = bitlen(mine) - theirs;
        if (run <= 0) continue;
        if (su != trump && trump >= 0) {
            uint64_t block = BLOCKS[su];
            for (int f = 0; f < s->n; f++) {
                if (s->is_max[f] == s->is_max[leader]) continue;
                uint64_t hf = s->hands[f];
                if (hf & s->trump_block) {
                    int length = popc(hf & block);
                    if (length < run) run = length;
                }
            }
        }
        if (run > 0) {
            total += run;
            runs[su] = run;
        }
    }
    return total;
}

/* The quick tricks of the side on lead: the leader's own, or a partner's after a lead to one of
 * the partner's suits; *who the seat that cashes them, runs[] its tricks suit by suit, *entry
 * the suit the leader reaches the partner in (-1 for the leader's own). */
static int quick_tricks(tc_general *s, int leader, int *who, int *entry, int *runs) {
    int total = cashable(s, leader, runs);
    *who = leader;
    *entry = -1;
    uint64_t lead_hand = s->hands[leader];
    for (int f = 0; f < s->n; f++) {
        if (f == leader || s->is_max[f] != s->is_max[leader]) continue;
        int fruns[4];
        int theirs = cashable(s, f, fruns);
        if (theirs > total) {
            for (int su = 0; su < 4; su++) {
                if (fruns[su] && (lead_hand & BLOCKS[su])) {
                    total = theirs;
                    *who = f;
                    *entry = su;
                    memcpy(runs, fruns, sizeof(fruns));
                    break;
                }
            }
        }
    }
    return total;
}

/* The cards `want` of the quick tricks rest on (partition search): they come from the entry suit
 * first, then suit by suit, and in each suit they need only that `who` holds the top cards that
 * take them (nothing where no other hand has the suit: the lengths say so). */
static uint64_t quick_rel(const tc_general *s, int who, int entry, const int *runs, int want) {
    uint64_t rel = 0, others = 0;
    for (int i = 0; i < s->n; i++)
        if (i != who) others |= s->hands[i];
    for (int k = -1; k < 4 && want > 0; k++) {
        int su = k < 0 ? entry : k;
        if (su < 0 || (k >= 0 && su == entry) || !runs[su]) continue;
        int take = runs[su] < want ? runs[su] : want;
        want -= take;
        if (others & BLOCKS[su]) rel |= 1ull << (bitlen(s->hands[who] & BLOCKS[su]) - take);
    }
    return rel;
}

/* The seat holding a run of top trumps (each wins a trick), -1 if none; the run's length in
 * *run_out, its top card in *top_out, and in *alone whether no other hand holds a trump. */
static int top_trumps(tc_general *s, int *run_out, int *top_out, int *alone) {
    *run_out = 0;
    *top_out = 0;
    *alone = 0;
    int trump = s->trump;
    if (trump < 0) return -1;
    uint64_t everything = 0;
    for (int i = 0; i < s->n; i++) everything |= s->hands[i];
    uint64_t allt = everything & s->trump_block;
    if (!allt) return -1;
    int top = bitlen(allt) - 1;
    for (int i = 0; i < s->n; i++) {
        uint64_t mine = s->hands[i] & s->trump_block;
        if (mine >> top & 1) {
            int theirs = bitlen(allt & ~mine);
            int low = theirs > trump * 16 ? theirs : trump * 16;
            *run_out = top + 1 - low;
            *top_out = top;
            *alone = !theirs;
            return i;
        }
    }
    return -1;
}

static int last_trick(tc_general *s, int leader) {
    int best = bitlen(s->hands[leader]) - 1, seat = leader;
    int cards[MAX_SEATS];
    cards[0] = best;
    for (int k = 1; k < s->n; k++) {
        int st = (leader + k) % s->n;
        int card = bitlen(s->hands[st]) - 1;
        cards[k] = card;
        if (beats(card, best, s->trump)) {
            best = card;
            seat = st;
        }
    }
    s->rel = 0;
    for (int k = 0; k < s->n; k++) {
        if (cards[k] != best && cards[k] >> SHIFT == best >> SHIFT) {
            s->rel = 1ull << best;
            break;
        }
    }
    return seat;
}

static uint64_t closure(tc_general *s, uint64_t mask) {
    uint64_t region = 0;
    for (int su = 0; su < 4; su++) {
        uint64_t m = mask & BLOCKS[su];
        if (m) {
            int p = lowbit(m), floor = su * 16;
            for (int i = 0; i < s->n; i++) {
                uint64_t h = s->hands[i];
                if (h >> p & 1) {
                    while (p > floor && (h >> (p - 1) & 1)) p--;
                    break;
                }
            }
            region |= AT_LEAST[p];
        }
    }
    return region;
}

static int start(tc_general *s, int leader, int need, int left);

/* the fewest mode's bound (fewest_order.py's high_trumps): the most trumps one seat not counted
 * holds above every trump of the counted seats (all its trumps when they hold none), each a trick
 * they cannot win; *rel the counted seats' best trump (or nothing) */
static int high_trumps(tc_general *s, uint64_t *rel) {
    uint64_t block = s->trump_block, mine = 0;
    for (int i = 0; i < s->n; i++)
        if (s->counts[i]) mine |= s->hands[i] & block;
    int top = bitlen(mine) - 1;
    uint64_t over = mine ? ABOVE[top] : block;
    int most = 0;
    for (int i = 0; i < s->n; i++) {
        if (s->counts[i]) continue;
        int c = popc(s->hands[i] & over);
        if (c > most) most = c;
    }
    *rel = mine ? 1ull << top : 0;
    return most;
}

static void lengths_of(tc_general *s, int leader, uint64_t *k);
static inline size_t rhash(const uint64_t *k);

static int finish(tc_general *s, int winner, int need, int left, int win) {
    uint64_t saved[MAX_SEATS];
    int played[MAX_SEATS], np = s->ntable;
    if (s->regions.cap && left > 2) {
        /* the next trick start looks up its suit lengths (the same before the trick's cards are
         * taken out of the numbering as after): fetch their slot while that is done */
        uint64_t lengths[2];
        lengths_of(s, winner, lengths);
        __builtin_prefetch(s->regions.slots + (rhash(lengths) & (s->regions.cap - 1)));
    }
    memcpy(saved, s->hands, sizeof(saved));
    memcpy(played, s->table, sizeof(int) * (size_t)np);
    int sorted[MAX_SEATS];
    memcpy(sorted, played, sizeof(int) * (size_t)np);
    for (int i = 1; i < np; i++) { /* ascending */
        int v = sorted[i], j = i;
        while (j > 0 && sorted[j - 1] > v) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = v;
    }
    for (int i = 0; i < s->n; i++) {
        uint64_t h = s->hands[i];
        for (int j = np - 1; j >= 0; j--) { /* highest first */
            uint64_t hi = h & ABOVE[sorted[j]];
            h = (h ^ hi) | (hi >> 1);
        }
        s->hands[i] = h;
    }
    s->ntable = 0;
    int result = start(s, winner, need - s->counts[winner], left - 1);
    memcpy(s->table, played, sizeof(int) * (size_t)np);
    s->ntable = np;
    memcpy(s->hands, saved, sizeof(saved));
    if (result < 0) return -1;
    uint64_t cr = s->rel;
    int ranked = 0;
    for (int j = 0; j < np; j++) {
        int card = sorted[j];
        if (cr) {
            uint64_t x = cr & AT_LEAST[card];
            if (x) cr = (cr ^ x) | (x << 1);
        }
        if (card != win && card >> SHIFT == win >> SHIFT) ranked = 1;
    }
    s->rel = ranked ? cr | (1ull << win) : cr;
    return result;
}

static int move(tc_general *s, int leader, int turn, int need, int left, int win, int win_seat,
                int hint);

/* the four suits' lengths of a hand, 4 bits each (suit 0 lowest): the bits counted in each
 * 16-bit block at once, without a popcount instruction (which portable builds lack) */
static inline uint64_t suit_lengths(uint64_t h) {
    h = h - ((h >> 1) & 0x5555555555555555ull);
    h = (h & 0x3333333333333333ull) + ((h >> 2) & 0x3333333333333333ull);
    h = (h + (h >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    h = (h + (h >> 8)) & 0x001F001F001F001Full; /* a count in each block, at most 16 */
    return (h & 0xF) | ((h >> 12) & 0xF0) | ((h >> 24) & 0xF00) | ((h >> 36) & 0xF000);
}

static void lengths_of(tc_general *s, int leader, uint64_t *k) {
    k[0] = (uint64_t)leader;
    k[1] = 0;
    for (int i = 0; i < s->n; i++) {
        uint64_t h = s->hands[i];
        uint64_t l = suit_lengths(h);
        if (i < 3) k[0] |= l << (4 + 16 * i);
        else k[1] |= l << (16 * (i - 3));
    }
    k[0] |= 1ull << 63; /* never 0 */
}

/* the hands as bit planes (see the table): planes[b] the cards of the seats with bit b set, then
 * every hand's cards; their number (the key's words after the region) */
static int hand_planes(const tc_general *s, uint64_t *planes) {
    int np = s->planes;
    uint64_t all = 0;
    for (int b = 0; b < np; b++) planes[b] = 0;
    for (int i = 0; i < s->n; i++) {
        uint64_t h = s->hands[i];
        all |= h;
        for (int b = 0; b < np; b++)
            if (i >> b & 1) planes[b] |= h;
    }
    planes[np] = all;
    return np + 1;
}

static inline void make_key(const uint64_t *lengths, uint64_t region, const uint64_t *planes,
                            int words, uint64_t *key) {
    key[0] = lengths[0];
    key[1] = lengths[1];
    key[2] = region;
    for (int b = 0; b < words; b++) key[3 + b] = planes[b] & region;
}

/* The count reached check_at, or a multiple of 65,536: ask the run's callback (without one, a
 * count at check_at stops the search).  -1 (with the run's status) to stop. */
static int poll(tc_general *s) {
    tc_run *run = s->run;
    int stop;
    if (run->check) stop = run->check(run->ctx, s->nodes, &s->check_at);
    else stop = s->nodes >= s->check_at;
    if (!stop) return 0;
    run->status = run->check ? TC_STOPPED : TC_LIMIT;
    return -1;
}

static int start(tc_general *s, int leader, int need, int left) {
    if (need <= 0) {
        s->rel = 0;
        return 1;
    }
    if (need > left) {
        s->rel = 0;
        return 0;
    }
    s->nodes++;
    /* the budget at check_at, and the binding's callback every 65,536 trick starts (Ctrl-C) */
    if ((s->nodes >= s->check_at || !(s->nodes & 0xFFFF)) && poll(s) < 0) return -1;
    if (left == 1) return s->counts[last_trick(s, leader)] == 1;
    uint64_t lengths[2], key[KW], planes[MAX_PLANES + 1];
    lengths_of(s, leader, lengths);
    int words = hand_planes(s, planes);
    size_t kw = s->tt.kw;
    int best = -1;
    RList *list = regions_find(&s->regions, lengths);
    uint64_t prefix = mix(mix(0, lengths[0]), lengths[1]);
    if (list && s->tt.cap) {
        /* The regions in the list's order, a batch at a time: the keys whose filter bit is set
         * are hashed and their slots fetched from memory together, then probed in order (the
         * first entry that settles the test ends it, as one probe after the other would). */
        enum { BATCH = 8 };
        uint64_t keys[BATCH][KW], fps[BATCH];
        uint32_t len = list->len, j = 0;
        while (j < len) {
            int nc = 0;
            for (; j < len && nc < BATCH; j++) {
                const RItem *item = list->regs + j;
                uint64_t *k = keys[nc], bit;
                int word;
                /* the key's words after the lengths first: most regions stop at the filter */
                uint64_t region = item->region;
                k[2] = region;
                for (int w = 0; w < words; w++) k[3 + w] = planes[w] & region;
                filter_bit(k, kw, &word, &bit);
                if (!(item->filter[word] & bit)) continue; /* not in the table */
                k[0] = lengths[0];
                k[1] = lengths[1];
                fps[nc] = hash_tail(prefix, k, 2, kw);
                const uint64_t *slot = tt_slot(&s->tt, fps[nc]);
                __builtin_prefetch(slot);
                __builtin_prefetch(slot + 7);
                nc++;
            }
            for (int c = 0; c < nc; c++) {
                int64_t entry = tt_get_h(&s->tt, keys[c], fps[c]);
                if (entry >= 0) {
                    if ((entry & 63) >= need) {
                        s->rel = keys[c][2];
                        return 1;
                    }
                    if (((entry >> 6) & 63) < need) {
                        s->rel = keys[c][2];
                        return 0;
                    }
                    if (best < 0) best = (int)(entry >> 12) - 1;
                }
            }
        }
    }
    /* bounds from the quick tricks of the side on lead (not in the fewest mode), from a run of
     * top trumps (sure tricks, whoever wants them) and, in the fewest mode, from the others'
     * trumps over all the counted seat's; a bound that settles the test rests only on the cards
     * of the tricks it needs */
    int qwho = leader, qentry = -1, qruns[4] = {0, 0, 0, 0};
    int qt = s->bounds ? quick_tricks(s, leader, &qwho, &qentry, qruns) : 0;
    int run, ttop, talone;
    int seat = top_trumps(s, &run, &ttop, &talone);
    int lo = 0, hi = left, lo_from = 0, hi_from = 0; /* 0 quick tricks, 1 top, 2 high trumps */
    uint64_t mrel = 0;
    if (s->is_max[leader]) lo = qt;
    else hi = left - qt;
    if (seat >= 0) {
        if (s->counts[seat]) {
            if (run > lo) {
                lo = run;
                lo_from = 1;
            }
        } else if (left - run < hi) {
            hi = left - run;
            hi_from = 1;
        }
    }
    if (!s->bounds && s->trump >= 0) { /* the others' trumps over all the counted seat's */
        int most = high_trumps(s, &mrel);
        if (left - most < hi) {
            hi = left - most;
            hi_from = 2;
        }
    }
    if (lo >= need || hi < need) {
        int yes = lo >= need, from = yes ? lo_from : hi_from;
        int want = yes ? need : left - need + 1; /* the tricks the bound needs */
        if (from == 0) s->rel = quick_rel(s, qwho, qentry, qruns, want);
        else if (from == 1) s->rel = talone ? 0 : 1ull << (ttop - want + 1);
        else s->rel = mrel;
        return yes;
    }
    int result = move(s, leader, 0, need, left, 0, leader, best);
    if (result < 0) return -1;
    uint64_t region = closure(s, s->rel);
    s->rel = region;
    int move_found = s->chosen >= 0 ? s->chosen : best;
    if (left == s->root_left) {
        s->run->root_leads[leader] = move_found;
    }
    make_key(lengths, region, planes, words, key);
    if (result) {
        lo = need;
        hi = left;
    } else {
        lo = 0;
        hi = need - 1;
    }
    uint64_t fp = hash_tail(prefix, key, 2, kw);
    int64_t entry = tt_get_h(&s->tt, key, fp);
    if (entry >= 0) {
        if ((entry & 63) > lo) lo = (int)(entry & 63);
        if (((entry >> 6) & 63) < hi) hi = (int)((entry >> 6) & 63);
    } else {
        if ((int64_t)s->tt.count >= s->max_entries) {
            tt_free(&s->tt); /* a cache: forgetting costs time, never correctness */
            regions_free(&s->regions);
        }
        if (regions_add(&s->regions, lengths, region, key, kw) < 0) return -1;
    }
    if (tt_insert(&s->tt, key, (uint32_t)(lo | (hi << 6) | ((move_found + 1) << 12)), fp) < 0)
        return -1;
    s->rel = region;
    return result;
}

/* stable insertion sort of cards[0..m) by keys, ascending (Python's sorted) */
static void sort_by_key(int *cards, int *keys, int m) {
    for (int j = 1; j < m; j++) {
        int kv = keys[j], c = cards[j], k = j;
        while (k > 0 && keys[k - 1] > kv) {
            keys[k] = keys[k - 1];
            cards[k] = cards[k - 1];
            k--;
        }
        keys[k] = kv;
        cards[k] = c;
    }
}

/* the hint (a card of reps, or -1) moved to the front of the ordered cards */
static void hint_first(int *cards, uint64_t reps, int hint) {
    if (hint < 0 || !(reps >> hint & 1)) return;
    int k = 0;
    while (cards[k] != hint) k++;
    for (; k > 0; k--) cards[k] = cards[k - 1];
    cards[0] = hint;
}

/* the moves of `seat` in the order the Python search's order_moves gives */
static int order_moves(tc_general *s, uint64_t reps, int turn, int win, int win_seat, int seat,
                       int hint, uint64_t hand, int following, int *out) {
    int n = s->n, trump = s->trump;
    if (!(reps & (reps - 1))) {
        out[0] = lowbit(reps);
        return 1;
    }
    if (turn == 0) {
        uint64_t friends = 0, foes = 0;
        int mine = s->is_max[seat];
        for (int i = 0; i < n; i++) {
            if (i == seat) continue;
            if (s->is_max[i] == mine) friends |= s->hands[i];
            else foes |= s->hands[i];
        }
        uint64_t others = friends | foes;
        int cards[64], scores[64];
        int m = bits_of(reps, cards);
        for (int j = 0; j < m; j++) {
            int card = cards[j], score;
            uint64_t block = BLOCKS[card >> SHIFT];
            /* cash a sure winner first, then lead towards a friend's best card; a trump after
             * every other suit no foe can ruff, a suit a foe ruffs last of all */
            if (!(others & ABOVE[card])) {
                score = 110 + (card & 15);
            } else {
                int top = bitlen(others & block) - 1;
                score = (friends >> top & 1) ? 100
                        : ((s->hands[(seat + 1) % n] >> top & 1) ? 20 : 0);
                score -= card & 15;
            }
            if (card >> SHIFT == trump) score -= 250;
            if (trump >= 0 && card >> SHIFT != trump) {
                for (int i = 0; i < n; i++) {
                    if (i == seat || s->is_max[i] == mine) continue;
                    uint64_t fh = s->hands[i];
                    if (!(fh & block) && (fh & s->trump_block)) {
                        score -= 400; /* last of all: a foe ruffs it */
                        break;
                    }
                }
            }
            scores[j] = score;
        }
        /* descending by (score, card) */
        for (int j = 1; j < m; j++) {
            int sc = scores[j], c = cards[j], k = j;
            while (k > 0 && (scores[k - 1] < sc || (scores[k - 1] == sc && cards[k - 1] < c))) {
                scores[k] = scores[k - 1];
                cards[k] = cards[k - 1];
                k--;
            }
            scores[k] = sc;
            cards[k] = c;
        }
        hint_first(cards, reps, hint);
        memcpy(out, cards, sizeof(int) * (size_t)m);
        return m;
    }
    int friend = s->is_max[win_seat] == s->is_max[seat];
    if (following) {
        if (friend || win >> SHIFT != (bitlen(reps) - 1) >> SHIFT) return bits_of(reps, out);
        uint64_t higher = reps & ABOVE[win];
        if (turn < s->last) {
            uint64_t later = 0;
            for (int k = turn + 1; k < n; k++) later |= s->hands[(seat + k - turn) % n];
            int top = bitlen(later & BLOCKS[win >> SHIFT]) - 1;
            uint64_t safe = top >= 0 ? higher & ABOVE[top] : higher;
            if (safe) {
                uint64_t low = safe & (~safe + 1);
                out[0] = lowbit(low);
                return 1 + bits_of(reps ^ low, out + 1);
            }
            if (higher && turn == s->last - 1) {
                /* one hand still to come: first the cheapest card that wins for now */
                uint64_t low = higher & (~higher + 1);
                out[0] = lowbit(low);
                return 1 + bits_of(reps ^ low, out + 1);
            }
            return bits_of(reps, out);
        }
        int m = bits_of(higher, out);
        return m + bits_of(reps ^ higher, out + m);
    }
    uint64_t trumps = reps & s->trump_block;
    int plain[64], keys[64];
    int np = bits_of(reps ^ trumps, plain);
    for (int j = 0; j < np; j++) {
        int c = plain[j];
        keys[j] = (c & 15) - 3 * popc(hand & BLOCKS[c >> SHIFT]);
    }
    sort_by_key(plain, keys, np);
    if (friend || !trumps) {
        memcpy(out, plain, sizeof(int) * (size_t)np);
        return np + bits_of(trumps, out + np);
    }
    uint64_t winning = (win >> SHIFT == trump) ? trumps & ABOVE[win] : trumps;
    int m = bits_of(winning, out);
    memcpy(out + m, plain, sizeof(int) * (size_t)np);
    m += np;
    return m + bits_of(trumps ^ winning, out + m);
}

/* the fewest mode's order (fewest_order.py's order_fewest, card for card): the counted seat
 * leads what another hand beats, high first, and ducks as high as it can; the others lead into
 * the counted seat's suits, its shortest first, low first, play low while the trick may still go
 * to it, and shed their highest cards once it cannot */
static int order_fewest(tc_general *s, uint64_t reps, int turn, int win, int win_seat, int seat,
                        int hint, int following, int *out) {
    int n = s->n, trump = s->trump;
    int cards[64], keys[64];
    int m = bits_of(reps, cards);
    if (!s->is_max[seat]) {
        if (turn == 0) {
            uint64_t others = 0;
            for (int i = 0; i < n; i++)
                if (i != seat) others |= s->hands[i];
            for (int j = 0; j < m; j++)
                keys[j] = ((others & ABOVE[cards[j]]) ? 0 : 64) + (32 - (cards[j] & 15));
            sort_by_key(cards, keys, m);
        } else {
            int k = 0;
            for (int j = m - 1; j >= 0; j--)
                if (!beats(cards[j], win, trump)) out[k++] = cards[j];
            for (int j = m - 1; j >= 0; j--)
                if (beats(cards[j], win, trump)) out[k++] = cards[j];
            memcpy(cards, out, sizeof(int) * (size_t)m);
        }
    } else if (turn == 0) {
        uint64_t counted = 0;
        for (int i = 0; i < n; i++)
            if (s->counts[i]) counted |= s->hands[i];
        for (int j = 0; j < m; j++) {
            int len = popc(counted & BLOCKS[cards[j] >> SHIFT]);
            keys[j] = (len ? len : 99) * 64 + (cards[j] & 15);
        }
        sort_by_key(cards, keys, m);
    } else {
        int later = 0;
        for (int k = turn + 1; k < n; k++) later |= s->counts[(seat + k - turn) % n];
        if (s->counts[win_seat] || later) {
            if (!following) {
                int k = 0;
                for (int j = m - 1; j >= 0; j--)
                    if (cards[j] >> SHIFT != trump) out[k++] = cards[j];
                for (int j = 0; j < m; j++)
                    if (cards[j] >> SHIFT == trump) out[k++] = cards[j];
                memcpy(cards, out, sizeof(int) * (size_t)m);
            }
        } else {
            for (int j = 0; j < m; j++) out[j] = cards[m - 1 - j];
            memcpy(cards, out, sizeof(int) * (size_t)m);
        }
    }
    if (turn == 0) hint_first(cards, reps, hint);
    memcpy(out, cards, sizeof(int) * (size_t)m);
    return m;
}

static int move(tc_general *s, int leader, int turn, int need, int left, int win, int win_seat,
                int hint) {
    int n = s->n;
    int seat = (leader + turn) % n;
    uint64_t hand = s->hands[seat], legal;
    int following = 0;
    if (turn) {
        legal = hand & BLOCKS[s->table[0] >> SHIFT];
        if (legal) following = 1;
        else legal = hand;
    } else {
        legal = hand;
    }
    uint64_t reps = legal & ~(hand << 1);
    int maximiser = s->is_max[seat] == 1;
    int ordered[64], m;
    if (!(reps & (reps - 1))) {
        ordered[0] = lowbit(reps);
        m = 1;
    } else if (!s->bounds) { /* the fewest mode: its own order */
        m = order_fewest(s, reps, turn, win, win_seat, seat, hint, following, ordered);
    } else if (following && (s->is_max[win_seat] == s->is_max[seat]
                             || win >> SHIFT != s->table[0] >> SHIFT)) {
        m = bits_of(reps, ordered);
    } else {
        m = order_moves(s, reps, turn, win, win_seat, seat, hint, hand, following, ordered);
    }
    int at_last = turn == s->last;
    uint64_t node_rel = 0;
    for (int j = 0; j < m; j++) {
        int card = ordered[j], new_win, new_seat, result;
        s->hands[seat] = hand ^ (1ull << card);
        s->table[s->ntable++] = card;
        if (turn == 0 || ((card >> SHIFT == win >> SHIFT) ? card > win : card >> SHIFT == s->trump)) {
            new_win = card;
            new_seat = seat;
        } else {
            new_win = win;
            new_seat = win_seat;
        }
        if (at_last) result = finish(s, new_seat, need, left, new_win);
        else result = move(s, leader, turn + 1, need, left, new_win, new_seat, -1);
        s->ntable--;
        s->hands[seat] = hand;
        if (result < 0) return -1;
        if (result == maximiser) {
            if (turn == 0) s->chosen = card;
            return result;
        }
        node_rel |= s->rel;
    }
    if (turn == 0) s->chosen = -1;
    s->rel = node_rel;
    return !maximiser;
}

static int inner_test(tc_general *s, int leader, const int *played, int np, int need, int first) {
    int n = s->n;
    memcpy(s->hands, s->root, sizeof(s->hands));
    memcpy(s->table, played, sizeof(int) * (size_t)np);
    s->ntable = np;
    int turn = np;
    int left = popc(s->hands[(leader + turn) % n]);
    if (need <= 0) return 1;
    if (need > left) return 0;
    if (turn == 0 && first < 0) return start(s, leader, need, left);
    int win = -1, win_seat = leader;
    for (int i = 0; i < np; i++) {
        if (i == 0 || beats(played[i], win, s->trump)) {
            win = played[i];
            win_seat = (leader + i) % n;
        }
    }
    if (first < 0) return move(s, leader, turn, need, left, win, win_seat, -1);
    int seat = (leader + turn) % n;
    uint64_t hand = s->hands[seat];
    s->hands[seat] = hand ^ (1ull << first);
    s->table[s->ntable++] = first;
    if (turn == 0 || beats(first, win, s->trump)) {
        win = first;
        win_seat = seat;
    }
    int result = turn == s->last ? finish(s, win_seat, need, left, win)
                                 : move(s, leader, turn + 1, need, left, win, win_seat, -1);
    s->ntable--;
    s->hands[seat] = hand;
    return result;
}

static void init_tables(void) {
    for (int su = 0; su < 4; su++) BLOCKS[su] = RANK_MASK << (16 * su);
    for (int c = 0; c < 64; c++) {
        ABOVE[c] = BLOCKS[c >> SHIFT] & ~((2ull << c) - 1);
        AT_LEAST[c] = ABOVE[c] | (1ull << c);
    }
}

tc_general *tc_general_new(int n, const uint64_t *hands, const int *is_max, const int *counts,
                           int trump, int64_t max_entries) {
    if (n < 2 || n > MAX_SEATS || trump < -1 || trump > 3) return NULL;
    for (int i = 0; i < n; i++)
        for (int su = 0; su < 4; su++)
            if ((hands[i] >> (16 * su)) & RANK_MASK & ~((1ull << MAX_SUIT) - 1)) return NULL;
    init_tables();
    tc_general *s = ALLOC.calloc(1, sizeof(tc_general));
    if (!s) return NULL;
    s->n = n;
    s->last = n - 1;
    s->trump = trump;
    s->trump_block = trump >= 0 ? BLOCKS[trump] : 0;
    s->max_entries = max_entries;
    for (int i = 0; i < n; i++) {
        s->root[i] = hands[i];
        s->is_max[i] = is_max[i] ? 1 : 0;
        s->counts[i] = counts ? (counts[i] ? 1 : 0) : s->is_max[i];
    }
    s->bounds = 1;
    for (int i = 0; i < n; i++)
        if (s->counts[i] != s->is_max[i]) s->bounds = 0;
    s->root_left = popc(s->root[0]);
    s->planes = n <= 2 ? 1 : n <= 4 ? 2 : 3;
    s->tt.kw = 3 + (size_t)s->planes + 1;
    s->tt.stride = s->tt.kw + 2 < 8 ? 8 : s->tt.kw + 2;
    return s;
}

void tc_general_free(tc_general *s) {
    if (!s) return;
    tt_free(&s->tt);
    regions_free(&s->regions);
    ALLOC.free(s);
}

int tc_general_test(tc_general *s, tc_run *run, int leader, const int *played, int nplayed,
                    int need, int first) {
    run->status = TC_OK;
    for (int i = 0; i < TC_MAX_SEATS; i++) run->root_leads[i] = TC_NO_LEAD;
    if (nplayed < 0 || nplayed >= s->n || leader < 0 || leader >= s->n) {
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

int tc_general_reroot(tc_general *s, const uint64_t *hands) {
    for (int i = 0; i < s->n; i++)
        for (int su = 0; su < 4; su++)
            if ((hands[i] >> (16 * su)) & RANK_MASK & ~((1ull << MAX_SUIT) - 1)) return -1;
    for (int i = 0; i < s->n; i++) s->root[i] = hands[i];
    s->root_left = popc(s->root[0]);
    return 0;
}

size_t tc_general_entries(const tc_general *s) { return s->tt.count; }

int tc_general_seats(const tc_general *s) { return s->n; }
