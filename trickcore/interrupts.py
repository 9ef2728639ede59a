"""Signals that end a command: Ctrl-C (SIGINT) and ``kill`` (SIGTERM) end it the same way.

Python turns SIGINT into :class:`KeyboardInterrupt`; inside :func:`signals_interrupt`, SIGTERM
(and SIGHUP, a closed terminal) raise :class:`Terminated`, a ``KeyboardInterrupt`` too, so
that the one path that cleans up after Ctrl-C (worker processes stopped, finished chunks kept)
cleans up after ``kill`` as well.  :func:`exit_code` gives the shell's code: 128 plus the
signal's number (130 for SIGINT, 143 for SIGTERM).

>>> import signal
>>> exit_code(KeyboardInterrupt()), exit_code(Terminated(signal.SIGTERM))
(130, 143)
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["Terminated", "exit_code", "signals_held", "signals_interrupt"]

#: The signals, besides SIGINT, that end a command cleanly.
_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Terminated(KeyboardInterrupt):
    """The process was asked to end by a signal (``signum``) other than SIGINT."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def exit_code(interrupt: BaseException) -> int:
    """The exit code for an interrupt: 128 + its signal (SIGINT's 2 for a KeyboardInterrupt)."""
    return 128 + (interrupt.signum if isinstance(interrupt, Terminated) else signal.SIGINT)


def _raise(signum: int, frame: FrameType | None) -> None:
    for ending in _ENDING:  # one clean-up: a second signal during it is not a second traceback
        signal.signal(ending, signal.SIG_IGN)
    raise Terminated(signum)


@contextmanager
def signals_interrupt() -> Iterator[None]:
    """Inside the block, SIGTERM and SIGHUP raise :class:`Terminated` (in the main thread; in
    any other thread this does nothing, as Python allows signal handlers only there)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {ending: signal.getsignal(ending) for ending in _ENDING}
    for ending in _ENDING:
        if saved[ending] is signal.SIG_DFL:  # a handler someone else set is left alone
            signal.signal(ending, _raise)
    try:
        yield
    finally:
        for ending, handler in saved.items():
            signal.signal(ending, handler if handler is not None else signal.SIG_DFL)


@contextmanager
def signals_held() -> Iterator[None]:
    """Inside the block, Ctrl-C and the ending signals wait: the first one that came is raised
    as the block ends, with the handlers that were there before it.

    For a step that must not be cut in the middle.  Starting a worker process is one: cut
    after the worker is asked for but before the pool records it, the worker is left out of
    the clean-up, outlives the command and prints a traceback on its terminal.  In any thread
    but the main one this does nothing (signals reach only the main thread).

    >>> seen = []
    >>> before = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append("the signal"))
    >>> with signals_held():
    ...     signal.raise_signal(signal.SIGTERM)  # it waits
    ...     seen.append("the rest of the block")
    >>> seen
    ['the rest of the block', 'the signal']
    >>> _ = signal.signal(signal.SIGTERM, before)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        if not came:
            came.append(signum)

    signals = (signal.SIGINT, *_ENDING)
    saved = {signum: signal.signal(signum, hold) for signum in signals}
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        if came and saved[came[0]] not in (signal.SIG_IGN, None):
            signal.raise_signal(came[0])
