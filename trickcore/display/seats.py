"""The seats' names, as the book's pages and the demos say them.

Seat 0 is Ann, seat 1 Ben, and so on clockwise to Hal at seat 7 (no game here seats more than
eight).  In the demos the reader's own seat is "You".  Pages, demos and notebook output all take
the names from here, so that a seat is called the same everywhere.

>>> seat_label(2), seat_label(2, reader=2), seat_label(0, reader=2)
('Cleo', 'You', 'Ann')
>>> seats_label((0, 2)), seats_label((1, 3), reader=3)
('Ann and Cleo', 'You and Ben')
"""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.errors import TrickcoreError
from trickcore.i18n import N_, _

__all__ = ["SEAT_NAMES", "YOU", "seat_label", "seats_label"]

#: The names of seats 0 to 7, clockwise from the first.
SEAT_NAMES: tuple[str, ...] = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal")

#: What the reader's own seat is called (in English; French "Vous": ``_(YOU)``).
YOU = N_("You")


def seat_label(seat: int, reader: int | None = None, *, capital: bool = True) -> str:
    """The name of ``seat``: "You" when it is the ``reader``'s seat (``capital=False``: "you",
    inside a sentence), else its name.

    >>> seat_label(1, reader=1, capital=False), seat_label(1, capital=False)
    ('you', 'Ben')

    >>> seat_label(8)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: a seat is a number from 0 to 7, not 8
    """
    if seat == reader:
        return _(YOU) if capital else _("you")
    if type(seat) is not int or not 0 <= seat < len(SEAT_NAMES):
        raise TrickcoreError(_("a seat is a number from 0 to {last}, not {seat}").format(
            last=len(SEAT_NAMES) - 1, seat=repr(seat)))
    return SEAT_NAMES[seat]


def seats_label(seats: Sequence[int], reader: int | None = None) -> str:
    """Several seats in words: "Ann and Cleo", "Ann, Cleo and Eve"; the reader comes first,
    as "You": "You and Cleo"."""
    ordered = sorted(seats, key=lambda s: s != reader)
    names = [seat_label(s, reader) for s in ordered]
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
