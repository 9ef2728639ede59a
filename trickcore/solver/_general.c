/* The CPython binding of the general search (core/general_core.c, a translation of
 * _Search._build_general in search.py): the extension trickcore.solver._general_c.
 *
 * General(hands, is_max, trump, max_entries[, counts]) takes the hands in the Python search's
 * numbering (32 bits a suit), and the seats whose tricks count where they are not is_max (the
 * fewest mode); test(owner, leader, played, need, first) runs the core with the owner's
 * count and budget (see _native.h) and writes the count and the root leads back to it.
 */
#include "_native.h"

typedef struct {
    PyObject_HEAD
    tc_general *search;
    PyObject *owner; /* during test(), borrowed: a second test meanwhile is refused */
} GeneralObject;

static PyObject *General_test(GeneralObject *self, PyObject *args) {
    int leader, need, first;
    PyObject *owner, *played;
    if (!PyArg_ParseTuple(args, "OiO!ii:test", &owner, &leader, &PyList_Type, &played, &need,
                          &first))
        return NULL;
    if (self->owner) {
        PyErr_SetString(PyExc_RuntimeError, "this search is already running");
        return NULL;
    }
    int n = tc_general_seats(self->search), cards[TC_MAX_SEATS], np;
    if (leader < 0 || leader >= n) {
        PyErr_SetString(PyExc_ValueError, "a trick start out of range");
        return NULL;
    }
    if (played16(played, n - 1, cards, &np) < 0) return NULL;
    tc_run run;
    if (owner_run(owner, &run) < 0) return NULL;
    self->owner = owner;
    int r = tc_general_test(self->search, &run, leader, cards, np, need,
                            first >= 0 ? tc_to16(first) : -1);
    PyObject *answer = owner_answer(owner, &run, r);
    self->owner = NULL;
    return answer;
}

static PyObject *General_reroot(GeneralObject *self, PyObject *args) {
    PyObject *hands;
    if (!PyArg_ParseTuple(args, "O!:reroot", &PyList_Type, &hands)) return NULL;
    int n = tc_general_seats(self->search);
    if (self->owner) {
        PyErr_SetString(PyExc_RuntimeError, "this search is already running");
        return NULL;
    }
    if (PyList_GET_SIZE(hands) != n) {
        PyErr_SetString(PyExc_ValueError, "a hand for every seat");
        return NULL;
    }
    uint64_t root[TC_MAX_SEATS];
    for (int i = 0; i < n; i++)
        if (hand16(PyList_GET_ITEM(hands, i), TC_GENERAL_SUIT, &root[i]) < 0) return NULL;
    if (tc_general_reroot(self->search, root) < 0) {
        PyErr_SetString(PyExc_ValueError, "more cards than this search takes");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *General_len(GeneralObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromSize_t(tc_general_entries(self->search));
}

static PyObject *General_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *hands, *is_max, *counted = NULL;
    int trump;
    Py_ssize_t max_entries;
    if (!PyArg_ParseTuple(args, "O!O!in|O!:General", &PyList_Type, &hands, &PyList_Type, &is_max,
                          &trump, &max_entries, &PyList_Type, &counted))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(hands);
    if (n < 2 || n > TC_MAX_SEATS || PyList_GET_SIZE(is_max) != n
        || (counted && PyList_GET_SIZE(counted) != n)) {
        PyErr_SetString(PyExc_ValueError, "from 2 to 7 hands, and a side for each");
        return NULL;
    }
    if (trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump must be a suit from 0 to 3, or -1");
        return NULL;
    }
    uint64_t root[TC_MAX_SEATS];
    int sides[TC_MAX_SEATS], counts[TC_MAX_SEATS];
    for (Py_ssize_t i = 0; i < n; i++) {
        if (hand16(PyList_GET_ITEM(hands, i), TC_GENERAL_SUIT, &root[i]) < 0) return NULL;
        long m = PyLong_AsLong(PyList_GET_ITEM(is_max, i));
        if (m == -1 && PyErr_Occurred()) return NULL;
        sides[i] = m ? 1 : 0;
        if (counted) {
            long c = PyLong_AsLong(PyList_GET_ITEM(counted, i));
            if (c == -1 && PyErr_Occurred()) return NULL;
            counts[i] = c ? 1 : 0;
        }
    }
    GeneralObject *self = (GeneralObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->owner = NULL;
    self->search = tc_general_new((int)n, root, sides, counted ? counts : NULL, trump,
                                  (int64_t)max_entries);
    if (!self->search) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void General_dealloc(GeneralObject *self) {
    tc_general_free(self->search);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef General_methods[] = {
    {"test", (PyCFunction)General_test, METH_VARARGS,
     "test(owner, leader, played, need, first): can the side make need tricks?"},
    {"entries", (PyCFunction)General_len, METH_NOARGS, "Entries in the table."},
    {"reroot", (PyCFunction)General_reroot, METH_VARARGS,
     "reroot(hands): new root hands (the same seats), the table kept."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GeneralType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "trickcore.solver._general_c.General",
    .tp_basicsize = sizeof(GeneralObject),
    .tp_dealloc = (destructor)General_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The general search, card by card, in C (see trickcore/solver/search.py).",
    .tp_new = General_new,
    .tp_methods = General_methods,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    .m_name = "trickcore.solver._general_c",
    .m_doc = "The general search in C: the same search as trickcore.solver.search.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__general_c(void) {
    tc_general_set_allocator(&PYMEM_RAW);
    if (PyType_Ready(&GeneralType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&GeneralType);
    if (PyModule_AddObject(m, "General", (PyObject *)&GeneralType) < 0) {
        Py_DECREF(&GeneralType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
