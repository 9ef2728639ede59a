"""The numbers behind the games: statistics, simulation, the numpy batch path, experiments with
bots, and one module per analysis of the book's part "The numbers".

Importing this package imports none of its modules: ``import trickcore`` (which needs
:mod:`~trickcore.study.accepted_deals` and :mod:`~trickcore.study.experiment`) stays light, and
numpy is imported only by :mod:`~trickcore.study.batch`, inside its functions.
"""

from typing import Any

__all__ = ["run_study"]


def __getattr__(name: str) -> Any:
    """``trickcore.study.run_study`` is :func:`trickcore.study.runner.run_study`, imported when
    first asked for (so that importing the package stays light)."""
    if name == "run_study":
        from trickcore.study.runner import run_study

        return run_study
    raise AttributeError(f"module 'trickcore.study' has no attribute {name!r}")
