/* What the solver's two C searches share (_twohand.c, _general.c): bit helpers, the map from
 * the Python searches' numbering (32 bits a suit) to theirs (16 bits a suit), and the calls back
 * to the search's owner (a trickcore.solver.numbering._Table: its node count, budget and root
 * leads), which the Python searches make as plain attribute accesses.
 */
#ifndef TRICKCORE_SOLVER_NATIVE_H
#define TRICKCORE_SOLVER_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SHIFT 4
#define RANK_MASK 0xFFFFull

static inline int bitlen(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int popc(uint64_t x) { return __builtin_popcountll(x); }
static inline int lowbit(uint64_t x) { return __builtin_ctzll(x); }

/* a position of the Python numbering to this one, and back */
static inline int to16(long p) { return (int)((p >> 5) << SHIFT | (p & 31)); }
static inline long to32(int p) { return p < 0 ? -1 : (long)((p >> SHIFT) << 5 | (p & 15)); }

/* A hand of the Python numbering in this one; -1 with ValueError when a suit holds more than
 * max_suit cards (the cards of a suit are always its lowest positions). */
static int hand16(PyObject *mask_obj, int max_suit, uint64_t *out) {
    uint64_t h = 0;
    for (int su = 0; su < 4; su++) {
        PyObject *shift = PyLong_FromLong(32 * su);
        PyObject *shifted = shift ? PyNumber_Rshift(mask_obj, shift) : NULL;
        Py_XDECREF(shift);
        if (!shifted) return -1;
        unsigned long long low = PyLong_AsUnsignedLongLongMask(shifted);
        Py_DECREF(shifted);
        if (low == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        if (low & 0xFFFFFFFFull & ~((1ull << max_suit) - 1)) {
            PyErr_SetString(PyExc_ValueError, "a suit holds more cards than this search takes");
            return -1;
        }
        h |= (uint64_t)(low & 0xFFFFull) << (16 * su);
    }
    *out = h;
    return 0;
}

/* *out = owner.<name>[0] */
static int owner_read(PyObject *owner, const char *name, int64_t *out) {
    PyObject *list = PyObject_GetAttrString(owner, name);
    if (!list) return -1;
    PyObject *item = PySequence_GetItem(list, 0);
    Py_DECREF(list);
    if (!item) return -1;
    long long v = PyLong_AsLongLong(item);
    Py_DECREF(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

/* owner.counter[0] = nodes */
static int owner_write_nodes(PyObject *owner, int64_t nodes) {
    PyObject *counter = PyObject_GetAttrString(owner, "counter");
    if (!counter) return -1;
    PyObject *n = PyLong_FromLongLong(nodes);
    int r = n ? PyList_SetItem(counter, 0, n) : -1; /* steals n */
    Py_DECREF(counter);
    return r;
}

/* The count reached check_at: owner.budget() raises if the budget is spent; else the next
 * check_at.  -1 with an exception set. */
static int owner_budget(PyObject *owner, int64_t nodes, int64_t *check_at) {
    if (owner_write_nodes(owner, nodes) < 0) return -1;
    PyObject *r = PyObject_CallMethod(owner, "budget", NULL);
    if (!r) return -1;
    Py_DECREF(r);
    return owner_read(owner, "check_at", check_at);
}

/* owner.root_leads[leader] = lead (a position of this numbering, or -1) */
static int owner_root_lead(PyObject *owner, int leader, int lead) {
    PyObject *leads = PyObject_GetAttrString(owner, "root_leads");
    if (!leads) return -1;
    PyObject *k = PyLong_FromLong(leader), *v = PyLong_FromLong(to32(lead));
    int r = (k && v) ? PyObject_SetItem(leads, k, v) : -1;
    Py_XDECREF(k);
    Py_XDECREF(v);
    Py_DECREF(leads);
    return r;
}

/* The end of a test: the count of trick starts goes back to the owner, exception or not; then
 * the answer (r: 1, 0, or -1 with an exception set) as a bool. */
static PyObject *owner_answer(PyObject *owner, int64_t nodes, int r) {
    PyObject *exc_type, *exc_value, *exc_tb;
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
    int written = owner_write_nodes(owner, nodes);
    if (r < 0) {
        PyErr_Clear();
        PyErr_Restore(exc_type, exc_value, exc_tb);
        return NULL;
    }
    Py_XDECREF(exc_type);
    Py_XDECREF(exc_value);
    Py_XDECREF(exc_tb);
    if (written < 0) return NULL;
    return PyBool_FromLong(r);
}

#endif
