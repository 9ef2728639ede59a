/* The engine's hot path in C, for the compiled build (the pure build does the same in Python).
 *
 * cards_of(mask, cards): the cards of a card set, as a tuple in index order.
 *
 * shuffled_positions(random, size): the shuffle of deal_cards (engine/shuffle.py), drawing the
 * same numbers and giving the same order.
 *
 * method(documented, implementation): a documented method whose calls go straight to a compiled
 * function.  mypyc keeps no docstrings, so HandState's public methods are interpreted functions,
 * and every call of one costs a Python frame before the compiled engine runs.
 * method(documented, implementation) stands in the class for the documented function:
 *
 *   - read on the class (HandState.play), it is the documented function itself, so help(),
 *     inspect.signature and the API pages see the method as written;
 *   - read on a state (state.play), it is the documented function bound to the state, the
 *     same bound method as in the pure build;
 *   - called as a method (state.play(card)), which CPython does without binding because the
 *     type is marked as a method descriptor, it passes its arguments, the state first, to
 *     the implementation: a compiled function that does what the documented one does.
 *
 * So the one thing it changes is which code runs a call; tests/engine/test_native.py checks
 * that the two give the same results, errors and signature, as it checks the other two against
 * the Python they stand in for.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

typedef struct {
    PyObject_HEAD
    PyObject *documented;
    PyObject *implementation;
    vectorcallfunc vectorcall;
} Method;

static PyObject *method_call(PyObject *self, PyObject *const *args, size_t nargsf,
                             PyObject *kwnames) {
    return PyObject_Vectorcall(((Method *)self)->implementation, args, nargsf, kwnames);
}

static PyObject *method_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *documented, *implementation;
    static char *names[] = {"documented", "implementation", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:method", names, &documented,
                                     &implementation))
        return NULL;
    if (!PyFunction_Check(documented)) {
        PyErr_SetString(PyExc_TypeError, "method: the documented method must be a function");
        return NULL;
    }
    if (!PyCallable_Check(implementation)) {
        PyErr_SetString(PyExc_TypeError, "method: the implementation must be callable");
        return NULL;
    }
    Method *self = (Method *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Py_INCREF(documented);
    Py_INCREF(implementation);
    self->documented = documented;
    self->implementation = implementation;
    self->vectorcall = method_call;
    return (PyObject *)self;
}

static PyObject *method_get(PyObject *self, PyObject *obj, PyObject *type) {
    PyObject *documented = ((Method *)self)->documented;
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(documented);
        return documented;
    }
    return PyMethod_New(documented, obj);
}

static int method_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(((Method *)self)->documented);
    Py_VISIT(((Method *)self)->implementation);
    return 0;
}

static int method_clear(PyObject *self) {
    Py_CLEAR(((Method *)self)->documented);
    Py_CLEAR(((Method *)self)->implementation);
    return 0;
}

static void method_dealloc(PyObject *self) {
    PyObject_GC_UnTrack(self);
    method_clear(self);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *method_doc(PyObject *self, void *closure) {
    return PyObject_GetAttrString(((Method *)self)->documented, "__doc__");
}

static PyGetSetDef method_getset[] = {
    {"__doc__", method_doc, NULL, "The documented method's docstring.", NULL},
    {NULL},
};

static PyMemberDef method_members[] = {
    {"documented", T_OBJECT, offsetof(Method, documented), READONLY,
     "The documented (interpreted) function."},
    {"implementation", T_OBJECT, offsetof(Method, implementation), READONLY,
     "The function a method call runs."},
    {NULL},
};

static PyTypeObject MethodType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "trickcore.engine._native_c.method",
    .tp_basicsize = sizeof(Method),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_METHOD_DESCRIPTOR
                | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "method(documented, implementation): a documented method whose calls run a "
              "compiled function.",
    .tp_new = method_new,
    .tp_dealloc = method_dealloc,
    .tp_traverse = method_traverse,
    .tp_clear = method_clear,
    .tp_descr_get = method_get,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Method, vectorcall),
    .tp_getset = method_getset,
    .tp_members = method_members,
};

/* cards_of(mask, cards): the cards of the set bits of mask, cards[i] for each bit i from the
 * lowest, as a tuple; None when the mask does not fit in 64 bits (the caller's Python code
 * takes those: the jokers and a second pack). */
static PyObject *cards_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "cards_of takes a mask and a tuple of cards");
        return NULL;
    }
    PyObject *cards = args[1];
    if (!PyLong_Check(args[0]) || !PyTuple_Check(cards)) {
        PyErr_SetString(PyExc_TypeError, "cards_of takes a mask (int) and a tuple of cards");
        return NULL;
    }
    int overflow;
    long long value = PyLong_AsLongLongAndOverflow(args[0], &overflow);
    if (value == -1 && PyErr_Occurred()) return NULL;
    if (overflow < 0 || (!overflow && value < 0)) {
        PyErr_SetString(PyExc_ValueError, "cards_of: a card set is not negative");
        return NULL;
    }
    unsigned long long mask = (unsigned long long)value;
    if (overflow) {  /* 2**63 or more: the ace of clubs, or beyond 64 bits */
        mask = PyLong_AsUnsignedLongLong(args[0]);
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return NULL;
            PyErr_Clear();
            Py_RETURN_NONE;  /* the jokers and a second pack: the caller's Python */
        }
    }
    Py_ssize_t size = PyTuple_GET_SIZE(cards);
    if (mask && 64 - __builtin_clzll(mask) > size) {
        PyErr_SetString(PyExc_IndexError, "cards_of: a bit of the mask has no card");
        return NULL;
    }
    PyObject *out = PyTuple_New(__builtin_popcountll(mask));
    if (!out) return NULL;
    for (Py_ssize_t k = 0; mask; k++, mask &= mask - 1) {
        PyObject *card = PyTuple_GET_ITEM(cards, __builtin_ctzll(mask));
        Py_INCREF(card);
        PyTuple_SET_ITEM(out, k, card);
    }
    return out;
}

/* Sorting the draws: each random() of random.Random is k / 2**53 for a whole k below 2**53,
 * so k << 11 | position orders the positions exactly as a stable sort on the draws does. */
#define GRID 9007199254740992.0 /* 2**53 */
#define POSITION_BITS 11

static void sort_keys(uint64_t *keys, Py_ssize_t n) {  /* insertion sort: n is a pack */
    for (Py_ssize_t i = 1; i < n; i++) {
        uint64_t key = keys[i];
        Py_ssize_t j = i;
        for (; j > 0 && keys[j - 1] > key; j--) keys[j] = keys[j - 1];
        keys[j] = key;
    }
}

/* shuffled_positions(random, size): the positions 0 to size - 1 sorted on random() drawn once
 * per position, in position order: shuffle.shuffled_positions in C.  Draws that are not
 * random.Random's own (not floats on its grid) are sorted by Python's sorted(), as there. */
static PyObject *shuffled_positions(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffled_positions takes random and a size");
        return NULL;
    }
    PyObject *random = args[0];
    Py_ssize_t size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 0 || size >= (1 << POSITION_BITS)) {
        PyErr_SetString(PyExc_ValueError, "shuffled_positions: a pack of 0 to 2047 cards");
        return NULL;
    }
    PyObject *keys = PyList_New(size);  /* the draws, kept for Python's sort if needed */
    uint64_t *packed = PyMem_Malloc((size ? size : 1) * sizeof(uint64_t));
    if (!keys || !packed) {
        Py_XDECREF(keys);
        PyMem_Free(packed);
        return PyErr_NoMemory();
    }
    int on_grid = 1;
    for (Py_ssize_t p = 0; p < size; p++) {
        PyObject *draw = PyObject_CallNoArgs(random);
        if (!draw) {
            Py_DECREF(keys);
            PyMem_Free(packed);
            return NULL;
        }
        PyList_SET_ITEM(keys, p, draw);
        if (on_grid && PyFloat_CheckExact(draw)) {
            double scaled = PyFloat_AS_DOUBLE(draw) * GRID;
            if (scaled >= 0.0 && scaled < GRID && scaled == (double)(uint64_t)scaled)
                packed[p] = (uint64_t)scaled << POSITION_BITS | (uint64_t)p;
            else
                on_grid = 0;
        } else {
            on_grid = 0;
        }
    }
    PyObject *out = NULL;
    if (on_grid) {
        sort_keys(packed, size);
        out = PyList_New(size);
        for (Py_ssize_t k = 0; out && k < size; k++) {
            PyObject *position = PyLong_FromLongLong(
                (long long)(packed[k] & ((1u << POSITION_BITS) - 1)));
            if (!position) Py_CLEAR(out);
            else PyList_SET_ITEM(out, k, position);
        }
    } else {  /* sorted(range(size), key=keys.__getitem__), as the Python does */
        PyObject *builtins = PyEval_GetBuiltins();  /* borrowed */
        PyObject *sorted = builtins ? PyDict_GetItemString(builtins, "sorted") : NULL;
        PyObject *range = PyObject_CallFunction((PyObject *)&PyRange_Type, "n", size);
        PyObject *getitem = PyObject_GetAttrString(keys, "__getitem__");
        PyObject *kwargs = getitem ? Py_BuildValue("{s:O}", "key", getitem) : NULL;
        PyObject *call = range ? PyTuple_Pack(1, range) : NULL;
        if (sorted && call && kwargs) out = PyObject_Call(sorted, call, kwargs);
        else if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "no builtin sorted");
        Py_XDECREF(range);
        Py_XDECREF(getitem);
        Py_XDECREF(kwargs);
        Py_XDECREF(call);
    }
    Py_DECREF(keys);
    PyMem_Free(packed);
    return out;
}

static PyMethodDef functions[] = {
    {"shuffled_positions", (PyCFunction)(void (*)(void))shuffled_positions, METH_FASTCALL,
     "shuffled_positions(random, size, /)\n--\n\nThe positions 0 to size - 1 sorted on "
     "random() drawn once per position: trickcore.engine.shuffle.shuffled_positions in C."},
    {"cards_of", (PyCFunction)(void (*)(void))cards_of, METH_FASTCALL,
     "cards_of(mask, cards, /)\n--\n\nThe cards of the set bits of mask (cards[i] for bit i), "
     "as a tuple in index order; None when the mask does not fit in 64 bits."},
    {NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT,
    .m_name = "trickcore.engine._native_c",
    .m_doc = "The engine's hot path in C, for the compiled build (see _native.c).",
    .m_size = -1,
    .m_methods = functions,
};

PyMODINIT_FUNC PyInit__native_c(void) {
    if (PyType_Ready(&MethodType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&MethodType);
    if (PyModule_AddObject(m, "method", (PyObject *)&MethodType) < 0) {
        Py_DECREF(&MethodType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
