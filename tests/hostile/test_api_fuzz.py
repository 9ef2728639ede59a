"""Every public name of trickcore (``trickcore.__all__``, the solver's and the studies'), called
with hostile arguments, gives a result or refuses with a TrickcoreError or a TypeError whose
message is one line: never an AttributeError, an IndexError, a ZeroDivisionError, a
RecursionError, nor a call that does not end."""

from __future__ import annotations

import enum
import inspect
import math
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trickcore as tc
import trickcore.solver as solver
import trickcore.study as study
from trickcore.i18n import UnknownLanguageError

#: Seconds one call may take: past it, the call counts as one that does not end.
LIMIT_SECONDS = 20


def _state() -> tc.HandState:
    return tc.state_from_code("oh-hell-4-2718")


def _humbug_state() -> tc.HandState:
    return tc.state_from_code("humbug-2-3")


def _match() -> tc.Match:
    return tc.Match(tc.get_variant("oh-hell"), 4, seed=3)


def _position() -> solver.Position:
    return solver.Position.from_json({"hands": [["AS", "KS", "QH"], ["2S", "3H", "4H"],
                                                ["5S", "6H", "7D"]], "trump": None})


#: Makers of plausible arguments (fresh each call: a call may change what it is given).
PLAUSIBLE: list[Callable[[], Any]] = [
    lambda: tc.get_variant("oh-hell"), lambda: tc.get_variant("humbug"),
    lambda: tc.get_variant("five-hundred"), lambda: "oh-hell", lambda: "oh-hell-4-2718",
    lambda: "humbug-2-3", _state, _humbug_state, lambda: _state().deal, _match, _position,
    lambda: 4, lambda: 2, lambda: 1, lambda: 3, lambda: tc.parse_cards("AS KH"),
    lambda: tc.Card.parse("AS"), lambda: "AS KH", lambda: tc.HeuristicBot(),
    lambda: [tc.HeuristicBot()] * 4, lambda: [tc.RandomBot(seed=1)] * 2,
    lambda: (lambda state: True), lambda: random.Random(1), lambda: {"hook": False},
    lambda: tc.Suit.SPADES, lambda: [0, 1], lambda: "en",
]

#: Hostile values: wrong types, out of range, degenerate.
HOSTILE: list[Callable[[], Any]] = [
    lambda: 0, lambda: -1, lambda: True, lambda: False, lambda: 4.5, lambda: math.nan,
    lambda: math.inf, lambda: -math.inf, lambda: -(10 ** 100), lambda: 10 ** 5000,
    lambda: "", lambda: "x" * 10_000, lambda: "\x00", lambda: "Québec\u202f", lambda: None,
    lambda: [], lambda: {}, lambda: set(), lambda: (), lambda: object(),
    lambda: [None] * 4, lambda: ["AS", "KH"], lambda: b"oh-hell", lambda: 2 ** 63,
    lambda: [[[[]]]], lambda: {"hands": None}, lambda: 3 + 4j,
]

#: Counts whose large values are honest work (a billion trials takes its time): they get the
#: hostile values but the large positive ones.
COUNT_NAMES = {"trials", "count", "deals", "games", "samples", "max_tries", "max_nodes",
               "chunk_size", "jobs", "hand_size", "n", "total", "squares", "hits", "timeout",
               "chunks_per_task", "per_task", "players"}
LARGE = {10 ** 5000, 2 ** 63, math.inf}


def _names() -> list[tuple[str, Callable[..., Any]]]:
    found: dict[str, Callable[..., Any]] = {}
    for module, names in ((tc, tc.__all__), (solver, solver.__all__),
                          (study, getattr(study, "__all__", []))):
        for name in names:
            thing = getattr(module, name)
            if not callable(thing) or name in found:
                continue
            if isinstance(thing, type) and (issubclass(thing, (BaseException, enum.Enum))
                                            or inspect.isabstract(thing)
                                            or getattr(thing, "_is_protocol", False)):
                continue
            found[name] = thing
    return sorted(found.items())


NAMES = _names()


@contextmanager
def _time_limit(what: str) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"{what} ran over {LIMIT_SECONDS} s")

    saved = signal.signal(signal.SIGALRM, stop)
    signal.alarm(LIMIT_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, saved)


def _parameters(thing: Callable[..., Any]) -> list[inspect.Parameter]:
    try:
        signature = inspect.signature(thing)
    except (TypeError, ValueError):
        return []
    return [p for p in signature.parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


@st.composite
def _calls(draw: st.DrawFn, thing: Callable[..., Any]) -> tuple[list[Any], dict[str, Any]]:
    positional: list[Any] = []
    keywords: dict[str, Any] = {}
    for parameter in _parameters(thing):
        if parameter.default is not parameter.empty and draw(st.booleans()):
            continue  # leave this one out
        pool = draw(st.sampled_from(["plausible", "hostile"]))
        maker = draw(st.sampled_from(PLAUSIBLE if pool == "plausible" else HOSTILE))
        value = maker()
        if parameter.name in COUNT_NAMES and not isinstance(value, (str, bytes)):
            try:
                if value in LARGE or (isinstance(value, int) and value > 10_000):
                    value = 7
            except TypeError:
                pass
        if parameter.name in ("jobs",):
            value = 1 if value not in (0, -1, True, 4.5, None, "") else value
        if parameter.kind is parameter.POSITIONAL_ONLY or (
                parameter.kind is parameter.POSITIONAL_OR_KEYWORD and not keywords):
            positional.append(value)
        else:
            keywords[parameter.name] = value
    return positional, keywords


def _one_line(error: BaseException) -> bool:
    return "\n" not in str(error)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "thing"), NAMES, ids=[name for name, _ in NAMES])
def test_every_public_name_refuses_hostile_arguments_in_one_line(
        name: str, thing: Callable[..., Any], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a study writes its cache under the working folder
    monkeypatch.setenv("TRICKCORE_PROGRESS", "0")

    @settings(max_examples=30, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(_calls(thing))
    def check(call: tuple[list[Any], dict[str, Any]]) -> None:
        positional, keywords = call
        language = tc.get_language()
        refusal: BaseException | None = None
        try:
            with _time_limit(name):
                thing(*positional, **keywords)
        except (tc.TrickcoreError, TypeError, UnknownLanguageError) as error:
            refusal = error
        finally:
            tc.set_language(language)
        if refusal is not None:
            assert _one_line(refusal), f"{name}: a message of more than one line: {refusal!r}"

    check()
