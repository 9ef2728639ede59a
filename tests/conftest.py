"""What the whole suite shares: its expected outputs are English.

A ``TRICKCORE_LANG=fr`` in the shell (a French-speaking developer's) would make trickcore, and
the command-line runs the tests start, speak French where the tests expect English.  The tests
of the French edition choose French themselves (``trickcore.i18n.language("fr")``, or
``TRICKCORE_LANG`` in a subprocess's own environment).
"""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    os.environ.pop("TRICKCORE_LANG", None)  # for the subprocesses too
    from trickcore.i18n import set_language

    set_language(None)  # TRICKCORE_LANG, now unset: English


# Neither conftest has doctests; collected for them (``--doctest-modules``), the two would be
# imported under the one name ``conftest``, which pytest refuses.
collect_ignore = ["conftest.py", "browser/conftest.py"]
