"""Class links: a page's URL names the deal (``?deal=CODE``) and the seat (``&seat=N``) that a
live demo starts on, so that a whole class plays the same deal.

The page script passes the two values through, as they are, as data; everything is checked
here, by trickcore's own deal-code parser.  A bad or foreign code (another game's deal, on this
page) is named in a sentence and the demo keeps the page's own deal; a bad seat keeps the
default seat.  No ipywidgets here.

>>> args, note = class_link_arguments("play_demo", {"variant": "oh-hell", "seed": 2718},
...                                   "oh-hell-4-99-3", "Ben")
>>> args, note
({'code': 'oh-hell-4-99-3', 'seat': 1}, None)
>>> args, note = class_link_arguments("play_demo", {"variant": "oh-hell"}, "humbug-2-7", None)
>>> args
{'variant': 'oh-hell'}
>>> print(note)
The class link's deal humbug-2-7 is a deal of Humbug, but this demo plays Oh Hell!, so it shows the page's own deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trickcore.display import SEAT_NAMES, neutral
from trickcore.errors import TrickcoreError
from trickcore.notation.codes import read_deal_code
from trickcore.rules import Ruleset
from trickcore.rules.registry import get_variant
from trickcore.widgets.ui_words import ui

__all__ = ["LINKED_DEMOS", "class_link_arguments", "parse_seat"]

#: The demos a class link starts on a deal, and whether they take a seat.
LINKED_DEMOS = {"play_demo": True, "bid_demo": True, "deal_demo": False, "score_sheet": False}

_ = ui.gettext
_LONGEST = 80  # a longer "code" is not echoed back whole


def _shown(text: str, longest: int = _LONGEST) -> str:
    """A link's value as plain text to repeat back (controls written out, cut to ``longest``);
    the sentence it goes into is escaped as a whole when it is shown."""
    return neutral(text, longest)


def parse_seat(text: str, players: int) -> int:
    """A seat from a class link: its number (0-based) or its name (Ann, Ben, ...).

    >>> parse_seat("2", 4), parse_seat("dev", 4)
    (2, 3)
    >>> parse_seat("Eve", 4)
    Traceback (most recent call last):
    ...
    trickcore.errors.TrickcoreError: there is no seat 'Eve' at a 4-player table: give 0 to 3 or a name, Ann to Dev
    """
    clean = text.strip()
    names = [name.lower() for name in SEAT_NAMES[:players]]
    # a seat has a digit or two: a longer number is no seat (and int() refuses 4,300 digits)
    if clean.isascii() and clean.isdigit() and len(clean) <= 4 and int(clean) < players:
        return int(clean)
    if clean.lower() in names:
        return names.index(clean.lower())
    raise TrickcoreError(_("there is no seat {seat} at a {players}-player table: give 0 to"
                           " {last} or a name, {first_name} to {last_name}").format(
        seat=repr(_shown(clean)), players=players, last=players - 1, first_name=SEAT_NAMES[0],
        last_name=SEAT_NAMES[players - 1]))


def _page_ruleset(arguments: Mapping[str, Any]) -> Ruleset | None:
    try:
        if "code" in arguments:
            return read_deal_code(str(arguments["code"]))[1]
        return get_variant(str(arguments.get("variant", "oh-hell")))
    except TrickcoreError:
        return None


def class_link_arguments(demo: str, arguments: Mapping[str, Any], deal: str | None,
                         seat: str | None) -> tuple[dict[str, Any], str | None]:
    """The demo's keyword arguments with the class link's deal and seat in, and a sentence
    about anything in the link that was not used (None when all was).

    >>> class_link_arguments("deal_demo", {"variant": "oh-hell"}, "oh-hell-4-7", None)
    ({'code': 'oh-hell-4-7'}, None)
    >>> class_link_arguments("score_sheet", {"variant": "oh-hell"}, "oh-hell-5-7-2", None)
    ({'variant': 'oh-hell', 'players': 5, 'seed': 7}, None)
    >>> _, note = class_link_arguments("play_demo", {}, "oh-hell-4-x", None)
    >>> print(note)
    The class link's deal code could not be read ('oh-hell-4-x' is not a deal code: expected VARIANT-PLAYERS-SEED[-DEAL], for example oh-hell-4-2718), so the demo shows the page's own deal.
    """
    args = dict(arguments)
    if demo not in LINKED_DEMOS or (deal is None and seat is None):
        return args, None
    notes: list[str] = []
    page = _page_ruleset(args)
    players = int(args.get("players") or 0)
    if deal is not None and deal.strip():
        try:
            parsed, ruleset = read_deal_code(deal.strip())
        except TrickcoreError as error:
            notes.append(_("The class link's deal code could not be read ({error}), so the demo"
                           " shows the page's own deal.").format(
                error=_shown(str(error), 4 * _LONGEST)))
        else:
            if page is not None and ruleset != page:
                notes.append(_("The class link's deal {code} is a deal of {game}, but this demo"
                               " plays {page}, so it shows the page's own deal.").format(
                    code=_shown(deal.strip()), game=ruleset.title, page=page.title))
            else:
                players = parsed.players
                code = deal.strip().lower()
                for key in ("variant", "players", "seed", "deal", "code"):
                    args.pop(key, None)
                if demo == "score_sheet":
                    args.update(variant=parsed.variant, players=parsed.players,
                                seed=parsed.seed)
                else:
                    args["code"] = code
    if seat is not None and seat.strip() and LINKED_DEMOS[demo]:
        if not players and page is not None:
            players = 4 if 4 in page.players else page.players[0]
        try:
            args["seat"] = parse_seat(seat, players)
        except TrickcoreError as error:
            notes.append(_("The class link's seat could not be used ({error}), so you sit in"
                           " the demo's usual seat.").format(error=error))
    return args, " ".join(notes) or None
