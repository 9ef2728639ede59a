/* The JavaScript shim over trickcore_solver.wasm (the solver's C core built for WebAssembly by
 * scripts/build_wasm.py; exports listed in trickcore/solver/core/solver_wasm.c).
 *
 * One file for Node.js (require() gives the API) and for Pyodide (trickcore/solver/wasm.py
 * evaluates it: its value is the API, also kept as globalThis.TrickcoreSolverWasm):
 *
 *   const solver = api.create(bytes)          // bytes: the .wasm (Uint8Array, ArrayBuffer) or a
 *                                             // WebAssembly.Module; compiled synchronously
 *   const g = solver.general(hands, isMax, trump, maxEntries[, counts])   // counts: the seats
 *                                             // whose tricks count, where not isMax (fewest)
 *   const t = solver.table(); const h = solver.twoHand(t, h0, h1, trump, max0, max1, maxEntries)
 *   g.test(leader, played, need, first, nodeLimit, options)
 *       -> {made: true | false | null, status, nodes, rootLeads: [an int a seat]}
 *   g.testArray(leader, played, need, first, nodes, checkAt, ms)
 *       -> Int32Array/Array [answer (1, 0, -1), status, nodes (Number), root lead of seat 0..5]
 *   g.reroot(hands)   // new root hands (the same seats), the table kept
 *   g.entries(); g.free(); t.count(); t.clear(); t.free()
 *
 * Hands are in the core's numbering (64 bits, 16 a suit) as BigInt, Number or a decimal string;
 * cards (played, first, root leads) as positions of it (-1: none; -2 in rootLeads: no lead
 * found for that leader).  A test stops (made: null, status 1 or 2) when its count of trick
 * starts reaches nodeLimit (the checkAt of testArray) or after options.ms milliseconds.
 */
(function () {
  "use strict";
  const NO_LIMIT = (1n << 62n);
  const STATUS = { ok: 0, limit: 1, stopped: 2, nomem: 3, badarg: 4 };

  function create(bytes) {
    const module = bytes instanceof WebAssembly.Module ? bytes : new WebAssembly.Module(bytes);
    const clock = (typeof performance !== "undefined" && performance.now)
      ? () => performance.now() : () => Date.now();
    const imports = {
      env: { now_ms: clock },
      // the core needs no system call; stubs in case a libc routine names one
      wasi_snapshot_preview1: new Proxy({}, { get: () => () => 0 }),
    };
    const x = new WebAssembly.Instance(module, imports).exports;
    if (x._initialize) x._initialize();
    const scratch = x.malloc(4 * 8);  // the cards of the trick already played

    function big(v) { return typeof v === "bigint" ? v : BigInt(v); }

    function writePlayed(played) {
      const list = played ? Array.from(played) : [];
      const view = new Int32Array(x.memory.buffer, scratch, 8);
      for (let i = 0; i < list.length; i++) view[i] = Number(list[i]);
      return list.length;
    }

    function runner(testFn, ptr, seats) {
      function testArray(leader, played, need, first, nodes, checkAt, ms) {
        const np = writePlayed(played);
        const limit = checkAt === undefined || checkAt === null ? NO_LIMIT : big(checkAt);
        const r = testFn(ptr(), leader, scratch, np, need, first === undefined ? -1 : first,
                         big(nodes || 0), limit, ms || 0);
        const out = [r, x.last_status(), Number(x.last_nodes())];
        for (let i = 0; i < seats; i++) out.push(x.last_root_lead(i));
        return out;
      }
      function test(leader, played, need, first, nodeLimit, options) {
        const o = options || {};
        const a = testArray(leader, played, need, first, o.nodes || 0, nodeLimit, o.ms || 0);
        return { made: a[0] < 0 ? null : a[0] === 1, status: a[1], nodes: a[2],
                 rootLeads: a.slice(3) };
      }
      return { test, testArray };
    }

    function general(hands, isMax, trump, maxEntries, counts) {
      const n = hands.length;
      const hp = x.malloc(8 * n), mp = x.malloc(4 * n), cp = x.malloc(4 * n);
      const hv = new BigUint64Array(x.memory.buffer, hp, n);
      const mv = new Int32Array(x.memory.buffer, mp, n);
      const cv = new Int32Array(x.memory.buffer, cp, n);
      for (let i = 0; i < n; i++) {
        hv[i] = big(hands[i]);
        mv[i] = Number(isMax[i]) ? 1 : 0;
        cv[i] = counts ? (Number(counts[i]) ? 1 : 0) : mv[i];
      }
      const most = big(maxEntries === undefined ? 10000000 : maxEntries);
      let s = counts ? x.general_new_counts(n, hp, mp, cp, trump, most)
        : x.general_new(n, hp, mp, trump, most);
      x.free(hp); x.free(mp); x.free(cp);
      if (!s) throw new RangeError("the general search refuses these hands");
      const live = () => { if (!s) throw new Error("this search was freed"); return s; };
      return Object.assign(runner(x.general_test, live, n), {
        reroot: (roots) => {
          if (roots.length !== n) throw new RangeError("reroot needs a hand for every seat");
          const rp = x.malloc(8 * n);
          const rv = new BigUint64Array(x.memory.buffer, rp, n);
          for (let i = 0; i < n; i++) rv[i] = big(roots[i]);
          const ok = x.general_reroot(live(), rp);
          x.free(rp);
          if (!ok) throw new RangeError("the general search refuses these hands");
        },
        entries: () => x.general_entries(live()),
        free: () => { if (s) { x.general_free(s); s = 0; } },
      });
    }

    function table() {
      let t = x.table_new();
      if (!t) throw new Error("no memory for a table");
      return {
        get ptr() { if (!t) throw new Error("this table was freed"); return t; },
        count: () => x.table_count(t),
        clear: () => x.table_clear(t),
        free: () => { if (t) { x.table_free(t); t = 0; } },
      };
    }

    function twoHand(tab, h0, h1, trump, max0, max1, maxEntries) {
      let s = x.twohand_new(tab.ptr, big(h0), big(h1), trump, max0, max1,
                            big(maxEntries === undefined ? 10000000 : maxEntries));
      if (!s) throw new RangeError("the two-hand search refuses these arguments");
      const live = () => { if (!s) throw new Error("this search was freed"); return s; };
      return Object.assign(runner(x.twohand_test, live, 2), {
        free: () => { if (s) { x.twohand_free(s); s = 0; } },
      });
    }

    return { general, table, twoHand, exports: x };
  }

  const api = { create, STATUS };
  if (typeof module === "object" && module && module.exports) module.exports = api;
  if (typeof globalThis !== "undefined") globalThis.TrickcoreSolverWasm = api;
  return api;
})();
