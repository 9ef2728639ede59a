"""``make lab`` and the Experiment page's commands open JupyterLab on the notebooks, widgets working.

The commands are read from the page (``book/experiment/index.md``, its ``console`` blocks), so the
page and the test cannot drift: ``make lab`` runs in this checkout (on CI a fresh clone, whose
``.venv`` the same Makefile made), the commands without ``make`` in a fresh copy of the checkout
with a clean environment.  The server's options (no browser, a free port, a token) come from a
Jupyter configuration folder (``JUPYTER_CONFIG_DIR``), so each command runs as written.  Each
server is checked (its API answers, its root is ``notebooks/``, the ipywidgets extension is
loaded into the page) and stopped.  ``make install-check`` runs these (marker ``install``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "book" / "experiment" / "index.md"
TOKEN = "trickcore-lab-test"
#: the widgets' JupyterLab extension, which ipywidgets 8 brings (jupyterlab_widgets)
WIDGETS = "@jupyter-widgets/jupyterlab-manager"
#: how long a server may take to answer (a cold start on a loaded machine takes ~20 s)
START_SECONDS = 180


def _check_install() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_install",
                                                  ROOT / "scripts" / "check_install.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def page_commands() -> list[list[str]]:
    """The page's ``console`` blocks, each a list of command lines."""
    blocks = re.findall(r"^```console\n(.*?)^```$", PAGE.read_text(), re.MULTILINE | re.DOTALL)
    return [[line for line in block.splitlines() if line.strip()] for block in blocks]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        text: str = answer.read().decode()
        return text


@contextmanager
def serving(command: str, cwd: Path, env: dict[str, str], work: Path) -> Iterator[str]:
    """Run command (it starts JupyterLab) in the background; yield the server's URL once its API
    answers; then stop it and everything it started (its own process group)."""
    port = _free_port()
    config = work / "jupyter-config"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(json.dumps({
        "ServerApp": {"open_browser": False, "port": port, "port_retries": 0,
                      "ip": "127.0.0.1", "allow_root": True},  # CI runs as root
        "IdentityProvider": {"token": TOKEN}}))
    env = {**env, "JUPYTER_CONFIG_DIR": str(config), "JUPYTER_RUNTIME_DIR": str(work / "run")}
    log = work / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen(["bash", "-c", command], cwd=cwd, env=env, stdout=out,
                                  stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert server.poll() is None, f"{command} stopped:\n{log.read_text()[-3000:]}"
            try:
                _get(f"{url}/api/status?token={TOKEN}")
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, f"no answer:\n{log.read_text()[-3000:]}"
                time.sleep(1)
        yield url
    finally:
        with suppress(ProcessLookupError):  # it may have stopped by itself
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _check_lab(url: str) -> None:
    """The root is notebooks/, and the page JupyterLab serves loads the widgets' extension."""
    listing = json.loads(_get(f"{url}/api/contents?token={TOKEN}"))
    names = {item["name"] for item in listing["content"]}
    assert {"tutorials", "oh_hell_playground.ipynb"} <= names, names
    page = _get(f"{url}/lab?token={TOKEN}")
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                      page, re.DOTALL)
    assert found, "no page configuration in /lab"
    extensions = {e["name"] for e in json.loads(found[1])["federated_extensions"]}
    assert WIDGETS in extensions, sorted(extensions)


def test_the_page_gives_make_lab_and_the_commands_without_make() -> None:
    blocks = page_commands()
    assert blocks[0] == ["make lab"]
    assert blocks[1][0].startswith("python3 -m venv .venv")
    assert blocks[1][-1].startswith(".venv/bin/jupyter lab")


def test_make_lab_opens_jupyterlab_on_the_notebooks(tmp_path: Path) -> None:
    (command,) = page_commands()[0]
    with serving(command, ROOT, dict(os.environ), tmp_path) as url:
        _check_lab(url)


def test_the_commands_without_make_work_as_written_in_a_fresh_clone(tmp_path: Path) -> None:
    check_install = _check_install()
    clone = check_install.fresh_clone(tmp_path / "trickcore")
    env = check_install.clean_env(None)
    *setup, lab = page_commands()[1]
    for command in setup:
        done = subprocess.run(["bash", "-c", command], cwd=clone, env=env, capture_output=True,
                              text=True, check=False)
        assert done.returncode == 0, f"{command}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    # what the notebooks import, in the venv the commands made
    done = subprocess.run([str(clone / ".venv/bin/python"), "-c", "import ipywidgets, matplotlib, "
                           "trickcore.widgets, trickcore.plotting"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    with serving(lab, clone, env, tmp_path) as url:
        _check_lab(url)
