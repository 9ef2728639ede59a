"""Solve times in the browser: the solver's C core as WebAssembly against the Python search.

Runs the same positions in a Web Worker of headless Chromium on the built site's own Pyodide and
trickcore wheel (``_build/html/lite/``, as the live table's worker loads them), once with the
WebAssembly module (``trickcore.solver.native.backend() == "wasm"``) and once with the Python
search forced (``force_python``), then in this CPython (the C extensions where this build has
them: run it with ``PYTHONPATH=build/compiled`` for the compiled build).  Prints one line a
position: seconds in each, and whether the answers agree.

Positions (explicit seeds): five random 10-card 4-player Oh Hell deals from the start (one seat
each), a 7-card 5-player Oh Hell deal, and a whole Humbug deal (26 cards each,
as ``solve_humbug_deal`` solves it).  The Python search gets ``--python-timeout`` seconds a position (default
60); past it the line says so.

Usage: python scripts/measure_live_solver.py [--site _build/html] [--port 8811]
       [--python-timeout 60] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: The measuring code, run as it is in Pyodide and in CPython: sets RESULT (a JSON text).
MEASURE = r'''
import json, time
import trickcore as tc
from trickcore.errors import BudgetExceededError
from trickcore.solver import Position, native, position_from_deal, solve

def positions():
    oh = tc.get_variant("oh-hell")
    for i in range(5):
        deal = tc.deal_cards(oh, players=4, dealer=i % 4, hand_size=10,
                             rng=tc.rng_for("measure", 4, i, "deal", 0))
        seat = i % 4
        yield (f"oh-hell 4p 10 cards #{i} seat {seat}",
               lambda d=deal, s=seat: solve(Position(d.hands, d.trump, d.eldest), side=s,
                                            timeout=TIMEOUT))
    deal = tc.deal_cards(oh, players=5, dealer=0, hand_size=7,
                         rng=tc.rng_for("measure", 5, 0, "deal", 0))
    yield ("oh-hell 5p 7 cards seat 0",
           lambda d=deal: solve(Position(d.hands, d.trump, d.eldest), side=0, timeout=TIMEOUT))
    hb = tc.get_variant("humbug")
    deal = tc.deal_cards(hb, players=2, dealer=1, hand_size=26,
                         rng=tc.rng_for("humbug", 2, 3, "deal", 0))
    # what solve_humbug_deal does, with a timeout
    yield ("humbug whole deal (26 cards)",
           lambda d=deal: solve(position_from_deal(d, sides=((0,), (1,))), timeout=TIMEOUT))

def run():
    out = []
    for name, job in positions():
        start = time.perf_counter()
        try:
            r = job()
            answer = [r.tricks, sorted(str(c) for c in r.best_cards), r.nodes]
        except BudgetExceededError:
            answer = None
        out.append({"name": name, "seconds": round(time.perf_counter() - start, 3),
                    "answer": answer})
    return {"backend": native.backend(), "results": out}

RESULT = json.dumps(run())
'''

WORKER = r'''
const lite = new URL("../lite/", self.location.href).href;
self.onmessage = async (event) => {
  try {
    const { loadPyodide } = await import(lite + "static/pyodide/pyodide.mjs");
    const py = await loadPyodide({ indexURL: lite + "static/pyodide/" });
    await py.loadPackage([lite + "pypi/" + event.data.wheel], { messageCallback: () => {} });
    const runs = [];
    for (const python of [false, true]) {
      py.globals.set("TIMEOUT", python ? event.data.pythonTimeout : 600);
      py.runPython("import trickcore.solver.native as n; n.force_python(" +
                   (python ? "True" : "False") + ")");
      py.runPython(event.data.code);
      runs.push(JSON.parse(py.globals.get("RESULT")));
    }
    self.postMessage({ runs });
  } catch (error) {
    self.postMessage({ error: String(error && error.stack || error) });
  }
};
'''

PAGE = """<!doctype html><meta charset="utf-8"><title>solver timing</title>
<script>
const worker = new Worker("worker.mjs", { type: "module" });
worker.onmessage = (event) => { window.RESULT = event.data; };
worker.postMessage(%s);
</script>"""


def _browser(site: Path, port: int, chromium: str, python_timeout: float) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    wheel = sorted((site / "lite" / "pypi").glob("trickcore-*.whl"))[-1].name
    folder = site / "_solver_timing"
    folder.mkdir(exist_ok=True)
    message = {"wheel": wheel, "code": MEASURE, "pythonTimeout": python_timeout}
    (folder / "index.html").write_text(PAGE % json.dumps(message), encoding="utf-8")
    (folder / "worker.mjs").write_text(WORKER, encoding="utf-8")
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium,
                                        args=["--no-sandbox", "--headless"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}/_solver_timing/index.html")
            page.wait_for_function("window.RESULT !== undefined", timeout=3_600_000)
            result: dict[str, Any] = page.evaluate("window.RESULT")
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    if "error" in result:
        raise SystemExit(f"measure_live_solver: the worker failed: {result['error']}")
    return result


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _here(python_timeout: float) -> dict[str, Any]:
    scope: dict[str, Any] = {"TIMEOUT": 600}
    exec(MEASURE, scope)
    result: dict[str, Any] = json.loads(scope["RESULT"])
    return result


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--port", type=int, default=8811)
    parser.add_argument("--python-timeout", type=float, default=60.0)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    runs = _browser(args.site, args.port, args.chromium, args.python_timeout)["runs"]
    print(json.dumps(runs), flush=True)  # the browser's figures, whatever happens next
    here = _here(args.python_timeout)
    names = ["browser " + runs[0]["backend"], "browser " + runs[1]["backend"],
             "CPython " + here["backend"]]
    print(f"{'position':34} " + " ".join(f"{n:>18}" for n in names) + "  agree")
    for a, b, c in zip(runs[0]["results"], runs[1]["results"], here["results"], strict=True):
        cells = [f"{r['seconds']:>16.2f} s" if r["answer"] is not None
                 else f"{'> ' + str(int(args.python_timeout)) + ' s':>18}" for r in (a, b, c)]
        known = [r["answer"] for r in (a, b, c) if r["answer"] is not None]
        agree = all(k == known[0] for k in known)
        print(f"{a['name']:34} " + " ".join(cells) + f"  {'yes' if agree else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
