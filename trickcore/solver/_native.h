/* What the CPython bindings of the solver's two C searches share (_twohand.c, _general.c): the
 * map from the Python searches' numbering (32 bits a suit) to the core's (16 bits a suit), and the
 * calls back to the search's owner (a trickcore.solver.numbering._Table: its node count, budget
 * and root leads), which the Python searches make as plain attribute accesses.
 *
 * The searches themselves are plain C in core/ (solver_core.h): a binding converts the
 * arguments, gives the core a tc_run whose callback asks the owner's budget() (and Python's
 * signal handlers, for Ctrl-C), then writes the count and the root leads back to the owner.
 */
#ifndef TRICKCORE_SOLVER_NATIVE_H
#define TRICKCORE_SOLVER_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "core/solver_core.h"

/* A hand of the Python numbering in the core's; -1 with ValueError when a suit holds more than
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

/* The cards of the trick already played (a list of ints, Python numbering) in the core's; -1 with
 * an exception set, or more than most cards. */
static int played16(PyObject *played, int most, int *cards, int *n) {
    Py_ssize_t np = PyList_GET_SIZE(played);
    if (np > most) {
        PyErr_SetString(PyExc_ValueError, "a trick start out of range");
        return -1;
    }
    for (Py_ssize_t i = 0; i < np; i++) {
        long p = PyLong_AsLong(PyList_GET_ITEM(played, i));
        if (p == -1 && PyErr_Occurred()) return -1;
        cards[i] = tc_to16(p);
    }
    *n = (int)np;
    return 0;
}

/* Python's raw allocator for the core's tables: tracemalloc sees them (PyMem_RawFree is a
 * function; the others match the C library's). */
static const tc_allocator PYMEM_RAW = {PyMem_RawMalloc, PyMem_RawCalloc, PyMem_RawRealloc,
                                       PyMem_RawFree};

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

/* The core's callback (tc_check_fn; ctx: the owner).  At check_at: owner.budget() raises if the
 * budget is spent, else gives the next check_at; every 65,536 trick starts, a signal's handler
 * (Ctrl-C's KeyboardInterrupt) runs.  Nonzero, with an exception set, to stop. */
static int owner_check(void *ctx, int64_t nodes, int64_t *check_at) {
    PyObject *owner = (PyObject *)ctx;
    if (nodes >= *check_at) {
        if (owner_write_nodes(owner, nodes) < 0) return 1;
        PyObject *r = PyObject_CallMethod(owner, "budget", NULL);
        if (!r) return 1;
        Py_DECREF(r);
        if (owner_read(owner, "check_at", check_at) < 0) return 1;
    }
    if (!(nodes & 0xFFFF) && PyErr_CheckSignals() < 0) return 1;
    return 0;
}

/* A run for the core from the owner's count and check_at, calling owner_check; -1 with an
 * exception set. */
static int owner_run(PyObject *owner, tc_run *run) {
    int64_t nodes, check_at;
    if (owner_read(owner, "counter", &nodes) < 0 || owner_read(owner, "check_at", &check_at) < 0)
        return -1;
    tc_run_init(run, nodes, check_at);
    run->check = owner_check;
    run->ctx = owner;
    return 0;
}

/* owner.root_leads[leader] = lead (a position of the core's numbering, or -1) */
static int owner_root_lead(PyObject *owner, int leader, int lead) {
    PyObject *leads = PyObject_GetAttrString(owner, "root_leads");
    if (!leads) return -1;
    PyObject *k = PyLong_FromLong(leader), *v = PyLong_FromLong(tc_to32(lead));
    int r = (k && v) ? PyObject_SetItem(leads, k, v) : -1;
    Py_XDECREF(k);
    Py_XDECREF(v);
    Py_DECREF(leads);
    return r;
}

/* The end of a test: the root leads the core found and the count of trick starts go back to the
 * owner, exception or not; then the answer (r: 1, 0, or -1: an exception set by the callback, or
 * the core's status) as a bool. */
static PyObject *owner_answer(PyObject *owner, tc_run *run, int r) {
    if (r < 0 && !PyErr_Occurred()) {
        if (run->status == TC_NOMEM) PyErr_NoMemory();
        else if (run->status == TC_BADARG)
            PyErr_SetString(PyExc_ValueError, "a trick start out of range");
        else PyErr_SetString(PyExc_RuntimeError, "the search stopped");
    }
    PyObject *exc_type, *exc_value, *exc_tb;
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
    int written = 0;
    for (int i = 0; i < TC_MAX_SEATS && written == 0; i++)
        if (run->root_leads[i] != TC_NO_LEAD) written = owner_root_lead(owner, i, run->root_leads[i]);
    if (written == 0) written = owner_write_nodes(owner, run->nodes);
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
