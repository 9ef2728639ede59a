/* The CPython binding of Humbug's two-hand search (core/twohand_core.c, a translation of
 * twohand.py): the extension trickcore.solver._twohand_c.
 *
 * Table() is the core's table (tc_table), which several searches may share (a Memory keeps one
 * by trump and sides); TwoHand(table, h0, h1, trump, max0, max1, max_entries) a search over it,
 * the hands in the Python search's numbering (32 bits a suit); test(owner, leader, played, need,
 * first) runs the core with the owner's count and budget (see _native.h).
 */
#include "_native.h"

typedef struct {
    PyObject_HEAD
    tc_table *table;
} TableObject;

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    if (!PyArg_ParseTuple(args, ":Table")) return NULL;
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->table = tc_table_new();
    if (!self->table) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void Table_dealloc(TableObject *self) {
    tc_table_free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self) { return (Py_ssize_t)tc_table_count(self->table); }

static PyObject *Table_clear_method(TableObject *self, PyObject *Py_UNUSED(ignored)) {
    tc_table_clear(self->table);
    Py_RETURN_NONE;
}

static PyObject *Table_get_method(TableObject *self, PyObject *arg) {
    unsigned long long key = PyLong_AsUnsignedLongLong(arg);
    if (key == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    int64_t v = tc_table_get(self->table, key);
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

typedef struct {
    PyObject_HEAD
    TableObject *tt; /* a reference: the table outlives the search */
    tc_twohand *search;
    PyObject *owner; /* during test(), borrowed: a second test meanwhile is refused */
} TwoHandObject;

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
    if (PyList_GET_SIZE(played) > 1) {
        PyErr_SetString(PyExc_ValueError, "at most one card of the trick may be on the table");
        return NULL;
    }
    int cards[1], np;
    if (played16(played, 1, cards, &np) < 0) return NULL;
    tc_run run;
    if (owner_run(owner, &run) < 0) return NULL;
    self->owner = owner;
    int r = tc_twohand_test(self->search, &run, leader, cards, np, need,
                            first >= 0 ? tc_to16(first) : -1);
    PyObject *answer = owner_answer(owner, &run, r);
    self->owner = NULL;
    return answer;
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
    uint64_t a, b;
    if (hand16(h0, TC_TWOHAND_SUIT, &a) < 0 || hand16(h1, TC_TWOHAND_SUIT, &b) < 0) return NULL;
    TwoHandObject *self = (TwoHandObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->owner = NULL;
    Py_INCREF(table);
    self->tt = (TableObject *)table;
    self->search = tc_twohand_new(self->tt->table, a, b, trump, max0, max1,
                                  (int64_t)max_entries);
    if (!self->search) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void TwoHand_dealloc(TwoHandObject *self) {
    tc_twohand_free(self->search);
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
    tc_twohand_set_allocator(&PYMEM_RAW);
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
