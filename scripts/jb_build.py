"""Run ``jupyter-book`` with the given arguments, once more if a page's kernel could not start.

A page's code runs in a Jupyter kernel that listens on TCP ports picked at random when it
starts.  On a busy machine (the gate builds the editions while other suites start their own
kernels and servers) another process can take a picked port first: the kernel dies with
"Address already in use" and the page fails with "Kernel didn't respond", though nothing is
wrong with the book.  That failure, and only that one, is said in one line and the build runs
again; the pages already run come from the execution cache.  Any other failure ends the build
with its own exit code.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: What a kernel that could not start leaves in the build's output.
KERNEL_DID_NOT_START = ("Kernel didn't respond", "Address already in use")


def run(argv: list[str]) -> tuple[int, bool]:
    """Run the build, its output passed through; its exit code, and whether a kernel failed to
    start."""
    command = [str(Path(sys.executable).with_name("jupyter-book")), *argv]
    seen = False
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", env=os.environ) as build:
        assert build.stdout is not None
        for line in build.stdout:
            sys.stdout.write(line)
            seen = seen or any(mark in line for mark in KERNEL_DID_NOT_START)
    return build.returncode, seen


def main(argv: list[str]) -> int:
    code, kernel_failed = run(argv)
    if code != 0 and kernel_failed:
        print("jb_build: a page's kernel could not start (a port taken by another program);"
              " building once more", flush=True)
        code, _ = run(argv)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
