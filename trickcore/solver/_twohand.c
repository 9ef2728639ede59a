/* Humbug's search in C: the same search as trickcore/solver/twohand.py, step for step.
 *
 * twohand.py is the reference (and the pure-Python build's search); this file is a faithful
 * translation of it, built by setup.py where a C compiler exists.  It visits the same trick
 * starts in the same order and keeps the same table (same keys, same entries, emptied at the
 * same size), so a solve gives the same answer, best lead and count of trick starts in both:
 * tests/solver/test_native.py checks that on random positions.  What C adds is speed: hands,
 * keys and the table's entries are machine words, with no Python object per trick start.
 *
 * Numbering (see twohand.py): a hand is 64 bits, 16 a suit; position p is suit p >> 4, rank
 * p & 15, the cards of each suit squeezed to its lowest positions.
 *
 * Change this file and the Python search together: the tests fail on any difference in the
 * trick starts visited.
 */
#include "_native.h"

#define ONES (1ull | 1ull << 16 | 1ull << 32 | 1ull << 48)

static uint64_t BLOCKS[4];
static uint64_t ABOVE[64];


/* ---------------------------------------------------------------------------------------------
 * The table: keys (never 0: every key has a length mark in each suit) to entries, open
 * addressing, grown at half full.  Like the Python search's dict, it is emptied when a new key
 * would take it past the search's budget of entries.
 */

typedef struct {
    PyObject_HEAD
    uint64_t *keys;
    uint32_t *vals;
    Py_ssize_t cap; /* a power of two, or 0 */
    Py_ssize_t count;
} TableObject;

static inline uint64_t hash64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

static int64_t table_get(TableObject *t, uint64_t key) {
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

static int table_resize(TableObject *t, Py_ssize_t cap) {
    uint64_t *keys = PyMem_Calloc((size_t)cap, sizeof(uint64_t));
    uint32_t *vals = PyMem_Malloc((size_t)cap * sizeof(uint32_t));
    if (!keys || !vals) {
        PyMem_Free(keys);
        PyMem_Free(vals);
        PyErr_NoMemory();
        return -1;
    }
    uint64_t mask = (uint64_t)cap - 1;
    for (Py_ssize_t j = 0; j < t->cap; j++) {
        uint64_t k = t->keys[j];
        if (!k) continue;
        uint64_t i = hash64(k) & mask;
        while (keys[i]) i = (i + 1) & mask;
        keys[i] = k;
        vals[i] = t->vals[j];
    }
    PyMem_Free(t->keys);
    PyMem_Free(t->vals);
    t->keys = keys;
    t->vals = vals;
    t->cap = cap;
    return 0;
}

static void table_clear(TableObject *t) {
    PyMem_Free(t->keys);
    PyMem_Free(t->vals);
    t->keys = NULL;
    t->vals = NULL;
    t->cap = 0;
    t->count = 0;
}

/* tt[key] = val, emptying the table first when it holds max_entries and key is new */
static int table_put(TableObject *t, uint64_t key, uint32_t val, Py_ssize_t max_entries) {
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

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    if (!PyArg_ParseTuple(args, ":Table")) return NULL;
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    return (PyObject *)self;
}

static void Table_dealloc(TableObject *self) {
    table_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self) { return self->count; }

static PyObject *Table_clear_method(TableObject *self, PyObject *Py_UNUSED(ignored)) {
    table_clear(self);
    Py_RETURN_NONE;
}

static PyObject *Table_get_method(TableObject *self, PyObject *arg) {
    unsigned long long key = PyLong_AsUnsignedLongLong(arg);
    if (key == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    int64_t v = table_get(self, key);
    if (v < 0) Py_RETURN_NONE;
    return PyLong_FromLongLong(v);
}

static PyMethodDef Table_methods[] = {
    {"clear", (PyCFunction)Table_clear_method, METH_NOARGS, "Forget every entry."},
    {"get", (PyCFunction)Table_get_method, METH_O, "The entry for a key, or None."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Table_as_sequence = {
    .sq_length = (lenfunc)Table_len,
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "trickcore.solver._twohand_c.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The two-hand search's transposition table (keys and entries as machine words).",
    .tp_new = Table_new,
    .tp_methods = Table_methods,
    .tp_as_sequence = &Table_as_sequence,
};

/* ---------------------------------------------------------------------------------------------
 * The search.
 */

typedef struct {
    PyObject_HEAD
    PyObject *owner; /* during test(), the _Table: counter, check_at, budget(), root_leads
                      * (borrowed: the search holds no reference to it, so no cycle) */
    TableObject *tt;
    uint64_t h0, h1;
    int trump;
    uint64_t tblock;
    int max0, max1;
    int sa, sb, sc;
    Py_ssize_t max_entries;
    int64_t nodes, check_at;
} TwoHandObject;

static int cashable(TwoHandObject *s, uint64_t lead_hand, uint64_t other) {
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

static void trump_tricks(TwoHandObject *s, uint64_t lead_hand, uint64_t other, int *lsafe_out,
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
static uint64_t canon(TwoHandObject *s, uint64_t h0, uint64_t h1, int leader, int *perm) {
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

static int store(TwoHandObject *s, uint64_t key, int lo, int hi, int best) {
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

/* Can the side make need of the left tricks, leader to lead?  1, 0, or -1 on an exception. */
static int start(TwoHandObject *s, uint64_t h0, uint64_t h1, int leader, int need, int left) {
    if (need <= 0) return 1;
    if (need > left) return 0;
    s->nodes++;
    if (s->nodes >= s->check_at && owner_budget(s->owner, s->nodes, &s->check_at) < 0)
        return -1;
    /* a signal's handler (Ctrl-C's KeyboardInterrupt) runs every 65,536 trick starts */
    if (!(s->nodes & 0xFFFF) && PyErr_CheckSignals() < 0) return -1;
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
static int after(TwoHandObject *s, uint64_t h0, uint64_t h1, int leader, int lead, int reply,
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
static int follow_all(TwoHandObject *s, uint64_t h0, uint64_t h1, int leader, int lead, int need,
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

static int inner_test(TwoHandObject *s, int leader, int *played, Py_ssize_t nplayed, int need,
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
                if (owner_root_lead(s->owner, leader, lead) < 0) return -1;
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

static PyObject *TwoHand_run(TwoHandObject *self, PyObject *played, int leader, int need,
                             int first);

static PyObject *TwoHand_test(TwoHandObject *self, PyObject *args) {
    int leader, need, first;
    PyObject *owner, *played;
    if (!PyArg_ParseTuple(args, "OiO!ii:test", &owner, &leader, &PyList_Type, &played, &need,
                          &first))
        return NULL;
    if (self->owner) {
        PyErr_SetString(PyExc_RuntimeError, "this search is already running");
        return NULL;
    }
    self->owner = owner;
    PyObject *r = TwoHand_run(self, played, leader, need, first);
    self->owner = NULL;
    return r;
}

static PyObject *TwoHand_run(TwoHandObject *self, PyObject *played, int leader, int need,
                             int first) {
    Py_ssize_t n = PyList_GET_SIZE(played);
    if (n > 1) {
        PyErr_SetString(PyExc_ValueError, "at most one card of the trick may be on the table");
        return NULL;
    }
    int cards[1];
    for (Py_ssize_t i = 0; i < n; i++) {
        long p = PyLong_AsLong(PyList_GET_ITEM(played, i));
        if (p == -1 && PyErr_Occurred()) return NULL;
        cards[i] = to16(p);
    }
    if (owner_read(self->owner, "counter", &self->nodes) < 0) return NULL;
    if (owner_read(self->owner, "check_at", &self->check_at) < 0) return NULL;
    int r = inner_test(self, leader, cards, n, need, first >= 0 ? to16(first) : -1);
    return owner_answer(self->owner, self->nodes, r);
}

static PyObject *TwoHand_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *table;
    int trump, max0, max1;
    PyObject *h0, *h1;
    Py_ssize_t max_entries;
    if (!PyArg_ParseTuple(args, "O!OOiiin:TwoHand", &TableType, &table, &h0, &h1, &trump,
                          &max0, &max1, &max_entries))
        return NULL;
    if (trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump must be a suit from 0 to 3, or -1");
        return NULL;
    }
    TwoHandObject *self = (TwoHandObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    if (hand16(h0, 16, &self->h0) < 0 || hand16(h1, 16, &self->h1) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    self->owner = NULL;
    Py_INCREF(table);
    self->tt = (TableObject *)table;
    self->trump = trump;
    self->tblock = trump >= 0 ? BLOCKS[trump] : 0;
    self->max0 = max0;
    self->max1 = max1;
    self->max_entries = max_entries;
    int sides[3], n = 0;
    for (int su = 0; su < 4; su++)
        if (su != trump && n < 3) sides[n++] = su;
    self->sa = sides[0];
    self->sb = sides[1];
    self->sc = sides[2];
    return (PyObject *)self;
}

static void TwoHand_dealloc(TwoHandObject *self) {
    Py_XDECREF(self->tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef TwoHand_methods[] = {
    {"test", (PyCFunction)TwoHand_test, METH_VARARGS,
     "test(owner, leader, played, need, first): can the side make need tricks?"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TwoHandType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "trickcore.solver._twohand_c.TwoHand",
    .tp_basicsize = sizeof(TwoHandObject),
    .tp_dealloc = (destructor)TwoHand_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Humbug's search, in C (see trickcore/solver/twohand.py).",
    .tp_new = TwoHand_new,
    .tp_methods = TwoHand_methods,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    .m_name = "trickcore.solver._twohand_c",
    .m_doc = "Humbug's two-hand search in C: the same search as trickcore.solver.twohand.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__twohand_c(void) {
    for (int su = 0; su < 4; su++) BLOCKS[su] = RANK_MASK << (16 * su);
    for (int c = 0; c < 64; c++) ABOVE[c] = BLOCKS[c >> SHIFT] & ~((2ull << c) - 1);
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&TwoHandType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&TwoHandType);
    if (PyModule_AddObject(m, "TwoHand", (PyObject *)&TwoHandType) < 0) {
        Py_DECREF(&TwoHandType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
