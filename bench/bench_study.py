"""Benchmark: ``trickcore study`` in local processes against a Dask ``LocalCluster`` of as many
workers, with one chunk per task (how the runner sent them before it sized its tasks) and with
the tasks sized to the work (the default: about a second of work a task).

Each configuration runs the same command in a fresh process (``python -m trickcore study ...``,
with a new cache directory each time, so nothing is read back) and is timed on the clock from
start to exit: starting the processes or the cluster is part of the cost.  The configurations
take turns, ``--repeats`` rounds, and the median of each is reported with its range (the machine
may be shared).  Every run must print the same JSON; the benchmark stops if one does not.

Run: ``python bench/bench_study.py [--study hook] [--deals 60000] [--workers 2] [--repeats 3]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time


def run(study: str, deals: int, extra: list[str]) -> tuple[float, str]:
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "trickcore", "study", study, "--deals", str(deals),
                   "--seed", "1", "--json", "--out", out, *extra]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--study", default="hook")
    parser.add_argument("--deals", type=int, default=60_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    n = args.workers
    configs = {
        f"--jobs {n}, 1 chunk a task": ["--jobs", str(n), "--chunks-per-task", "1"],
        f"local:{n}, 1 chunk a task": ["--scheduler", f"local:{n}", "--chunks-per-task", "1"],
        f"--jobs {n}, sized tasks": ["--jobs", str(n)],
        f"local:{n}, sized tasks": ["--scheduler", f"local:{n}"],
    }
    times: dict[str, list[float]] = {name: [] for name in configs}
    results = set()
    for round_ in range(args.repeats):
        for name, extra in configs.items():
            seconds, text = run(args.study, args.deals, extra)
            times[name].append(seconds)
            results.add(text)
            print(f"round {round_ + 1}  {name:28} {seconds:6.1f} s", flush=True)
            if len(results) != 1:
                raise SystemExit("the runs gave different results")
    summary = {name: {"median": statistics.median(t), "min": min(t), "max": max(t)}
               for name, t in times.items()}
    for name, s in summary.items():
        print(f"{name:28} median {s['median']:6.1f} s  (from {s['min']:.1f} to {s['max']:.1f})")
    print(json.dumps({"study": args.study, "deals": args.deals, "workers": n,
                      "repeats": args.repeats, "seconds": summary}))


if __name__ == "__main__":
    main()
