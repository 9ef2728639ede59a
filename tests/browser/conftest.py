"""Fixtures for the browser tests of the built book (marker ``browser``).

The built site (``_build/html``) is served by ``python -m http.server`` on 127.0.0.1 for the whole
session, and Debian's Chromium (``/usr/bin/chromium``) is driven by Playwright from PyPI, with no
browser download.  When the book has not been built, every browser test is skipped with the
reason; ``make test`` always builds it first, so there they always run.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The built site; BROWSER_SITE names another build of it (a few pages built on their own).
SITE = Path(os.environ.get("BROWSER_SITE") or ROOT / "_build" / "html")
TEACHER_SITE = ROOT / "_build" / "teacher"
SCREENSHOTS = ROOT / "_build" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No request may leave the machine: every other host fails to resolve.  (Blocking them with
    # Playwright's request routing would turn the HTTP cache off and slow every request, so the
    # tests record attempts with context.on("request") instead.)
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: needs the built book (_build/html) and /usr/bin/chromium"
    )
    config.addinivalue_line(
        "markers", "alone: a measurement of time, run with no other test beside it (make"
        " browser-tests runs it after the halves, not in one of them)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``BROWSER_SHARD=K/N`` keeps every Nth test from the Kth (make browser-tests runs the
    halves 1/2 and 2/2 at once: much of a browser test is waiting on the browser, which the
    other half uses).  Each half has its own server and browser; together they run every
    test once but those marked ``alone``, which make browser-tests runs after them."""
    shard = os.environ.get("BROWSER_SHARD", "")
    if not shard:
        return
    k, n = (int(part) for part in shard.split("/"))
    if not 1 <= k <= n:
        raise pytest.UsageError(f"BROWSER_SHARD={shard}: K/N with 1 <= K <= N")
    # A timed test in a half would share the two cores with the other half's browser, and time
    # that: the halves leave it to a run of its own.
    shared = [t for t in items if t.get_closest_marker("alone") is None]
    kept = [t for i, t in enumerate(shared) if i % n == k - 1]
    config.hook.pytest_deselected(items=[t for t in items if t not in kept])
    items[:] = kept


def _free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built site, served on 127.0.0.1 for the whole test session."""
    if not (SITE / "index.html").is_file():
        pytest.skip("the book is not built (no _build/html/index.html): run `make book` first")
    yield from _serve(SITE)


@pytest.fixture(scope="session")
def teacher_url(site_url: str) -> Iterator[str]:
    """The teacher edition (``_build/teacher``, ``make teacher``), served like the site."""
    if not (TEACHER_SITE / "index.html").is_file():
        pytest.skip("the teacher edition is not built (no _build/teacher/index.html): run"
                    " `make teacher` first")
    yield from _serve(TEACHER_SITE)


def _serve(folder: Path) -> Iterator[str]:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(url, timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:  # pragma: no cover - the server did not start
            pytest.fail("python -m http.server did not start")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def browser(site_url: str) -> Iterator[Any]:
    """Debian's Chromium, launched by Playwright with the flags this machine needs."""
    if not CHROMIUM.exists():
        pytest.fail("/usr/bin/chromium is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (empty cache) in its own browser context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def persistent_context(browser: Any, tmp_path: Path) -> Iterator[Callable[[str], Any]]:
    """Launch a browser context with its own fresh profile folder, as a reader's browser keeps
    one: its HTTP cache and WebAssembly code cache live on from page to page."""
    contexts: list[Any] = []

    def launch(name: str) -> Any:
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / name), executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        contexts.append(context)
        return context

    try:
        yield launch
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The axe-core script (npm), to be injected into each page."""
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core/axe.min.js is missing: run `npm ci`")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where page screenshots go (gitignored with the rest of _build)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
